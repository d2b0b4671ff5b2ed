package deltaconnectpb

// DeltaVersion is the delta-spark release whose Connect messages this package speaks
// (MANIFEST's "delta-spark").
const DeltaVersion = "4.4.0"
