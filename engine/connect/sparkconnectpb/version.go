package sparkconnectpb

// SparkVersion is the Spark release whose protocol this package speaks (MANIFEST's "spark").
const SparkVersion = "4.2.0"
