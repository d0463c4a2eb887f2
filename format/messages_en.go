package format

// english is the English message catalog: column headers and notes.
var english = map[string]string{
	"col.attempt":       "attempt",
	"col.start_seconds": "start",
	"col.wait_seconds":  "wait until next",

	"note.activejob.exhausted": "after attempt %d the error is re-raised: retries exhausted (or the retry_on block runs)",
	"note.fixed.truncated":     "--wait %vs is used as %vs: ActiveJob keeps whole seconds (.to_i)",
}
