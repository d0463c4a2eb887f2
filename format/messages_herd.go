package format

// herdEnglish holds simulate herd's summary labels and notes in English.
func herdEnglish() map[string]string {
	return map[string]string{
		"sum.total_calls":             "calls to the server",
		"sum.logical_requests":        "logical requests",
		"sum.work":                    "work (calls per request)",
		"sum.success_rate":            "success rate",
		"sum.peak_load_multiplier":    "peak load multiplier",
		"sum.mean_load_multiplier":    "mean load multiplier",
		"sum.completion_seconds":      "last request ended",
		"sum.time_to_recover_seconds": "time to recover",
		"sum.recovered":               "recovered",
		"sum.collapsed_runs":          "collapsed runs",
		"sum.burst_retries":           "burst retries (budget from full)",
		"note.herd.model":             "one row per time bucket: attempts sent (first tries, retries), replies (successes, failures), timeouts, retries the budget refused, attempts a throttle rejected, attempts in flight and the mean budget level at the bucket's end; every client's first request is sent at t = 0",
		"col.first_tries":             "first tries",
		"col.offered":                 "offered",
		"col.successes":               "successes",
		"col.failures":                "failures",
		"col.timeouts":                "timeouts",
		"col.budget_denied":           "budget denied",
		"col.throttled":               "throttled",
		"col.in_flight":               "in flight",
		"col.tokens":                  "tokens",
		"col.t_seconds":               "time",
		"note.herd.unused":            "columns of what was not asked for (timeouts without --timeout, the budget's refusals without --budget, throttled without --throttle, tokens without either) are left out here; CSV and JSON have every column",
		"note.herd.occ":               "occ: an attempt reads the row's version, then writes conditionally on it; only writes are calls (as the AWS Architecture Blog's simulator counts them)",
		"note.herd.closed_form":       "closed form for fail:%s with %d retries: work = (1 - x^%d)/(1 - x), success = 1 - x^%d: %s and %s; simulated %s and %s",
		"note.herd.runs":              "every value is the mean over %d runs, each from its own stream of the seed",
		"note.herd.horizon":           "runs stop at %d buckets: %s requests per run were still unfinished there",
	}
}

// herdJapanese holds the same texts in Japanese.
func herdJapanese() map[string]string {
	return map[string]string{
		"sum.total_calls":             "サーバーへの呼び出し",
		"sum.logical_requests":        "論理リクエスト",
		"sum.work":                    "仕事量 (リクエストあたりの呼び出し)",
		"sum.success_rate":            "成功率",
		"sum.peak_load_multiplier":    "負荷倍率の最大",
		"sum.mean_load_multiplier":    "負荷倍率の平均",
		"sum.completion_seconds":      "最後のリクエストの終了",
		"sum.time_to_recover_seconds": "回復までの時間",
		"sum.recovered":               "回復",
		"sum.collapsed_runs":          "崩壊した実行",
		"sum.burst_retries":           "バーストで許されるリトライ (満杯の予算から)",
		"note.herd.model":             "行は時間区間ごと: 送信した試行 (初回、リトライ)、応答 (成功、失敗)、タイムアウト、予算が拒否したリトライ、スロットルが拒否した試行、区間の終わりに実行中の試行と予算の平均水準。各クライアントの最初のリクエストは t = 0 に送信されます",
		"col.first_tries":             "初回",
		"col.offered":                 "送信",
		"col.successes":               "成功",
		"col.failures":                "失敗",
		"col.timeouts":                "タイムアウト",
		"col.budget_denied":           "予算拒否",
		"col.throttled":               "スロットル",
		"col.in_flight":               "実行中",
		"col.tokens":                  "トークン",
		"col.t_seconds":               "時刻",
		"note.herd.unused":            "指定されていないものの列 (--timeout なしのタイムアウト、--budget なしの予算の拒否、--throttle なしのスロットル、どちらもないときの水準) はここでは省きます。CSV と JSON は全列を出します",
		"note.herd.occ":               "occ: 試行は行のバージョンを読み、それを条件に書き込みます。呼び出しとして数えるのは書き込みだけです (AWS Architecture Blog のシミュレーターと同じ)",
		"note.herd.closed_form":       "fail:%s とリトライ %d 回の閉形式: 仕事量 = (1 - x^%d)/(1 - x)、成功率 = 1 - x^%d: %s と %s。シミュレーションは %s と %s",
		"note.herd.runs":              "各値は %d 回の実行の平均です (各実行はシードから得た独自の乱数列)",
		"note.herd.horizon":           "実行は %d 区間で止まります: その時点で実行あたり %s 件のリクエストが未完了でした",
	}
}
