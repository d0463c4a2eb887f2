package budget

// awsQuota is the retry quota of the AWS SDK for Go v2's standard retryer: a token bucket of
// unsigned integers (aws/ratelimit/token_bucket.go, TokenBucket: Retrieve refuses when the amount
// is larger than what remains, Refund clamps at the capacity) driven by the retry middleware
// (aws/retry/middleware.go, Attempt.handleAttempt) and the retryer (aws/retry/standard.go):
//
//   - after an attempt, the retry token taken before it is released: refunded when the attempt
//     succeeded, dropped when it failed (releaseToken.release ignores failed attempts);
//   - then the attempt token is released: on success it adds NoRetryIncrement. In v1.48.0 only the
//     first attempt has one (Standard.GetAttemptToken returns nopRelease when AttemptNum > 1); in
//     v1.47.7 every attempt has one, so a successful retry refunds its cost and adds the increment;
//   - a failed attempt whose error is retryable is checked against max attempts first
//     (attemptNum >= maxAttempts ends the operation without asking the quota), then asks the quota
//     for the retry's cost (Standard.GetRetryToken): v1.48.0 charges RetryCost (14), or
//     ThrottlingRetryCost (5) for a throttling error, timeouts included in RetryCost; v1.47.7
//     charges RetryCost (5), or RetryTimeoutCost (10) for a timeout. A refusal ends the operation
//     at once (QuotaExceededError), with no sleep.
//
// noIncrement reproduces aws-sdk-go-v2 v1.47.7's AdaptiveMode, whose GetAttemptToken never takes
// the standard retryer's attempt token (aws/retry/adaptive.go line 148: it returns
// a.handleResponse alone), so no success ever adds the increment there; refunds of successful
// retries still happen, since they come from GetRetryToken.
type awsQuota struct {
	tokens, capacity uint
	cost             uint // any retryable error but the ones below
	throttleCost     uint // 1.48: a throttling error
	timeoutCost      uint // 1.47: a timeout
	increment        uint
	legacy           bool // v1.47.7 rules
	noIncrement      bool // v1.47.7 AdaptiveMode
	held             uint // the retry token taken before the attempt in flight (0: none)
}

func newAWSQuota(c awsQuotaConfig, noIncrement bool) *awsQuota {
	return &awsQuota{
		tokens: c.tokens, capacity: c.tokens, cost: c.cost, throttleCost: c.throttleCost,
		timeoutCost: c.timeoutCost, increment: c.increment, legacy: c.legacy, noIncrement: noIncrement,
	}
}

// refund is TokenBucket.Refund: uintMin(remaining+amount, max), in unsigned arithmetic.
func (q *awsQuota) refund(amount uint) {
	if t := q.tokens + amount; t < q.capacity {
		q.tokens = t
	} else {
		q.tokens = q.capacity
	}
}

func (q *awsQuota) record(attempt int, o Outcome) {
	held := q.held
	q.held = 0
	if o != Success {
		return
	}
	if held > 0 {
		q.refund(held)
	}
	if q.noIncrement || (!q.legacy && attempt > 1) {
		return
	}
	q.refund(q.increment)
}

func (q *awsQuota) retry(o Outcome) bool {
	cost := q.cost
	switch {
	case !q.legacy && o == Throttling:
		cost = q.throttleCost
	case q.legacy && o == Timeout:
		cost = q.timeoutCost
	}
	if cost > q.tokens {
		return false
	}
	q.tokens -= cost
	q.held = cost
	return true
}

func (q *awsQuota) done() { q.held = 0 }
