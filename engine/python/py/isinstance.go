package py

// IsInstanceOf reports whether o is an instance of t or of a subclass of t.
func IsInstanceOf(o Object, t *Type) bool {
	return o.Type().IsSubtype(t)
}
