package configin

func readCSharp(r *reader) error { return nil }
func readJS(r *reader) error     { return nil }
func readElixir(r *reader) error { return nil }
