package format

// japanese is the Japanese message catalog. The schedule headers are the ones Japanese ActiveJob
// retry tables already use.
var japanese = map[string]string{
	"col.attempt":       "実行回数",
	"col.start_seconds": "実行開始時間",
	"col.wait_seconds":  "次の実行までの待ち時間",

	"note.activejob.exhausted": "%d 回目の実行の後はエラーが再送出されます: リトライ回数の上限 (retry_on のブロックがあればそれが実行されます)",
	"note.fixed.truncated":     "--wait %v秒 は %v秒 として扱われます: ActiveJob は秒未満を切り捨てます (.to_i)",
}
