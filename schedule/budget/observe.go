package budget

// Observer is a Gate that shows more state than its Level: the columns budget trace prints after
// tokens_after. Names are snake_case CSV/JSON names; State returns one value per name, NaN where a
// value does not exist yet.
type Observer interface {
	StateNames() []string
	State() []float64
}
