package format

// japaneseMessages is the Japanese message catalog. The schedule headers are the ones Japanese
// ActiveJob retry tables already use.
func japaneseMessages() map[string]string {
	return map[string]string{
		"col.attempt":           "実行回数",
		"col.start_seconds":     "実行開始時間",
		"col.wait_seconds":      "次の実行までの待ち時間",
		"col.retry_count":       "リトライ回数",
		"col.duration":          "経過秒数",
		"col.slot":              "スロット",
		"col.interval_seconds":  "間隔",
		"col.consecutive_empty": "連続空応答",
		"col.nominal_ms":        "名目 ms",
		"col.jitter_ms":         "ジッター ms",
		"col.estimated_ms":      "推定 ms",
		"col.outcome":           "結果",
		"col.strategy":          "戦略",
		"col.aliases":           "別名",
		"col.parameters":        "パラメーター",
		"col.source":            "出典",

		"note.activejob.exhausted": "%d 回目の実行の後はエラーが再送出されます: リトライ回数の上限 (retry_on のブロックがあればそれが実行されます)",
		"note.fixed.truncated":     "--wait %v秒 は %v秒 として扱われます: ActiveJob は秒未満を切り捨てます (.to_i)",

		"note.sidekiq.dead": "%d 回目の実行 (リトライ %d 回目) が失敗するとジョブは Dead セットに移ります。最後の実行は最初の実行の %v 後です",
		"note.sidekiq.poll": "実際のリトライは少し遅れます: Sidekiq はリトライセットをポーリングして期限の来たジョブを移します (平均約 5 秒ごと)",

		"note.gitlab.applied": "%d 回目のリクエスト (%v) は受付タイムアウト (%v) を過ぎています: サーバーは状態を適用して 200 を返し、以後の待ちはありません",
		"note.gitlab.limit":   "%d 回目のリクエストで打ち切りました (--requests): 状態はまだ保留中です",

		"note.actrunner.plateau":     "間隔は %v で頭打ちになり、ジッターを含む待ち時間はおよそ %v から %v です",
		"note.actrunner.unreachable": "fetch_interval_max %v には届きません: 倍率は 32 倍 (%v) で止まります",
		"note.actrunner.default":     "fetch interval の 0 は act_runner の既定値 (2s、最大 5s) を意味します",
		"note.actrunner.raised":      "fetch_interval より小さい fetch_interval_max は %v に引き上げられます",

		"note.aiven.rows":    "各行は delay() の 1 回の呼び出しです。待ち時間はその呼び出し自身のスリープ (スリープしなければ 0) で、次を呼ぶかは呼び出し側が決めます",
		"note.aiven.plateau": "名目上のスリープは %d ms = 2^floor(log2 %d) まで倍増し、上限そのものにはなりません",
		"note.aiven.timer":   "タイマー規則: maxCount 回の呼び出しの後、またはタイマーが中断・満了した後は delay() はスリープしません",

		"col.design":                                       "設計",
		"col.pollers_idle":                                 "ポーラー数",
		"col.connections_idle":                             "同時接続",
		"col.idle_rpcs_per_minute":                         "待機時 RPC/分",
		"col.idle_rpcs_per_minute_closed_form":             "理論値",
		"col.full_load_rpcs_per_minute":                    "全負荷時 RPC/分",
		"col.tasks_arrived":                                "到着",
		"col.tasks_picked":                                 "取得",
		"col.rpcs_per_minute":                              "RPC/分",
		"col.rpcs_per_task":                                "RPC/タスク",
		"col.pickup_p50_seconds":                           "取得待ち p50",
		"col.pickup_p95_seconds":                           "取得待ち p95",
		"col.time_seconds":                                 "時刻",
		"col.limited_capacity_worker_running_jobs":         "実行中",
		"col.limited_capacity_worker_max_running_jobs":     "最大実行数",
		"col.limited_capacity_worker_remaining_work_count": "残り",
		"col.completed":                                    "完了",
		"col.failed":                                       "失敗",
		"col.utilisation_percent":                          "稼働率 %",

		"sum.drain_seconds":    "消化時間",
		"sum.drained":          "消化済み",
		"sum.mean_utilisation": "平均稼働率",
		"sum.completed":        "完了",
		"sum.failed":           "失敗",
		"sum.jobs_started":     "開始したジョブ (空きスロットがなかったものを含む)",
		"sum.lost":             "失敗で失われた作業",

		"note.fleet.pr":          "PR #822 の影響表は per-worker 設計 (#819) が全負荷時もポーリングを続ける (1 サイクル 180 RPC がすべて無駄) としていますが、コードではタスクを取得した goroutine はそれを実行し終えるまでポーリングしないため、全スロットが埋まるとどの設計もポーリングしません (全負荷時 RPC/分 0)。違いは待機時で、スロットごとではなくランナーごとに 1 つのポーラーになります",
		"note.fleet.connections": "同時接続: 同時に実行中になりうる FetchTask リクエスト数 (共有リミッターと単一ポーラーはランナーごとに直列化します)",
		"note.fleet.window":      "待機時と全負荷時の値はバックオフが落ち着いた --duration の後半で測定しています。理論値はランナーごとに fetch_interval ごと 1 回 (共有リミッター)、またはポーラーごとに上限間隔ごと 1 回です",
		"note.fleet.tradeoff":    "semaphore 設計の待機時 RPC は per-worker の %.0f 分の 1 ですが、バックオフ中の単一ポーラーはタスクの取得が遅れます: p95 %v 対 %v",

		"note.capacity.drained":   "バックログは %v に消化されます (最後の作業のジョブが完了した時点)",
		"note.capacity.undrained": "バックログは期間 (%v) 内に消化されません",
		"note.capacity.failures":  "失敗したジョブは再投入されず、そのスロットは次の cron 実行まで空いたままです",

		"col.start_min_seconds": "開始 最小",
		"col.start_max_seconds": "開始 最大",
		"col.wait_min_seconds":  "待ち 最小",
		"col.wait_max_seconds":  "待ち 最大",
		"col.reached":           "到達率",

		"note.envelope":            "最小と最大はすべての乱数値にわたる値です (連続値は u -> 1 の極限、離散値は最大の値)",
		"note.percentiles":         "パーセンタイルはサンプルしたスケジュールの順位統計量 (nearest-rank) です。パーセンタイルのない列は --rand の値です",
		"note.percentiles.reached": "%d 行 (全 %d 行中) にはすべてのサンプルが到達しません。その行のパーセンタイルは到達したサンプルのみの値です (reached 列: 到達した割合)",

		"col.attempts":           "実行回数",
		"col.start_percentile":   "開始 p%s",
		"col.wait_percentile":    "待ち p%s",
		"col.draws":              "乱数",
		"col.last_start_seconds": "最後の実行開始",
		"col.parameter":          "パラメーター",
		"col.value":              "値",
		"col.retries":            "retries",
		"col.requests":           "requests",
		"col.polls":              "polls",
		"col.calls":              "calls",

		"note.solve.attempts": "--%s %d: %d 回目の実行は %v に始まり、期間 %v 以降です。1 回少ないと期間より前に始まります",
		"note.solve.extremes": "fastest: すべての乱数が最大 (どの実行でも必要な最少回数)、slowest: すべての乱数が最小 (乱数によらず期間に届く回数)",
		"note.solve.for":      "--%s %s は最後の実行が期間以降に始まる最小の値です: %v (期間 %v)",

		"col.policy":         "ポリシー",
		"col.assertion":      "条件",
		"col.limit_seconds":  "上限・下限",
		"col.actual_seconds": "実際",
		"col.result":         "結果",
	}
}
