package budget

import "math"

// cubicLimiter is the AWS SDK for Go v2's client-side attempt rate limiter, adaptiveRateLimit in
// aws/retry/adaptive_ratelimit.go (identical in v1.47.7 and v1.48.0), with its bucket,
// adaptiveTokenBucket in aws/retry/adaptive_token_bucket.go (float64 tokens, Refund clamps at the
// capacity, Resize keeps the capacity at least 1). Every constant is a field, as in the SDK, so
// 1 − β and 1 − smoothing are computed at run time (0.30000000000000004 and 0.19999999999999996),
// not folded by the compiler.
//
// Times are nanoseconds since the client was made, the SDK's time.Time at the Unix epoch (the
// SDK's own tests put the clock there): timeFloat64Seconds divides UnixNano by 1e9, durations
// are float64(ns)/1e9. The limiter is off (every attempt is sent at once) until the first
// throttling error (Update: tokenBucketEnabled = true).
type cubicLimiter struct {
	enabled bool

	smooth, beta, scaleConstant, minFillRate float64

	fillRate         float64
	calculatedRate   float64
	lastRefilled     int64
	refilled         bool // lastRefilled.IsZero() is false
	measuredTxRate   float64
	lastTxRateBucket float64
	requestCount     int64
	lastMaxRate      float64
	lastThrottleTime int64
	timeWindow       float64

	remaining, capacity, minCapacity float64 // adaptiveTokenBucket, made with newAdaptiveTokenBucket(0)
}

// newCubicLimiter is newAdaptiveRateLimit at time 0 (lines 34-48).
func newCubicLimiter() *cubicLimiter {
	return &cubicLimiter{
		smooth: 0.8, beta: 0.7, scaleConstant: 0.4, minFillRate: 0.5,
		lastTxRateBucket: math.Floor(seconds(0)),
		lastThrottleTime: 0,
		minCapacity:      1,
	}
}

func seconds(ns int64) float64 { return float64(ns) / 1e9 }

// acquire is AcquireToken (lines 57-76) for one token: whether it was taken and, if not, the
// wait float64Seconds((amount − available)/fillRate), a time.Duration truncated to nanoseconds.
func (a *cubicLimiter) acquire(now int64, amount float64) (bool, int64) {
	if !a.enabled {
		return true, 0
	}
	a.refill(now)
	if amount > a.remaining {
		return false, int64((amount - a.remaining) / a.fillRate * 1e9)
	}
	a.remaining -= amount
	return true, 0
}

// wait is AdaptiveMode.GetAttemptToken's loop (aws/retry/adaptive.go): acquire, sleep the wait,
// try again. It returns when the token was taken, having slept the sum of the waits. A wait
// truncated to 0 ns is slept as 1 ns: a real clock always moves between two tries, and a model
// clock that did not would try forever.
func (a *cubicLimiter) wait(now int64) int64 {
	start := now
	for {
		ok, d := a.acquire(now, 1)
		if ok {
			return now - start
		}
		if d < 1 {
			d = 1
		}
		now += d
	}
}

// update is Update (lines 78-102), called with every attempt's response.
func (a *cubicLimiter) update(now int64, throttled bool) {
	a.updateMeasuredRate(now)
	if throttled {
		rateToUse := a.measuredTxRate
		if a.enabled {
			rateToUse = math.Min(a.measuredTxRate, a.fillRate)
		}
		a.lastMaxRate = rateToUse
		a.calculateTimeWindow()
		a.lastThrottleTime = now
		a.calculatedRate = a.cubicThrottle(rateToUse)
		a.enabled = true
	} else {
		a.calculateTimeWindow()
		a.calculatedRate = a.cubicSuccess(now)
	}
	newRate := math.Min(a.calculatedRate, 2*a.measuredTxRate)
	a.updateRate(now, newRate)
}

// cubicSuccess: scaleConstant·(t − lastThrottle − K)³ + lastMaxRate.
func (a *cubicLimiter) cubicSuccess(now int64) float64 {
	dt := seconds(now - a.lastThrottleTime)
	return (a.scaleConstant * math.Pow(dt-a.timeWindow, 3)) + a.lastMaxRate
}

func (a *cubicLimiter) cubicThrottle(rateToUse float64) float64 { return rateToUse * a.beta }

// calculateTimeWindow: K = ∛(lastMaxRate·(1 − β)/C).
func (a *cubicLimiter) calculateTimeWindow() {
	a.timeWindow = math.Pow((a.lastMaxRate*(1.-a.beta))/a.scaleConstant, 1./3.)
}

func (a *cubicLimiter) updateRate(now int64, newRPS float64) {
	a.refill(now)
	a.fillRate = math.Max(newRPS, a.minFillRate)
	a.capacity = math.Max(newRPS, a.minCapacity)
	a.remaining = math.Min(a.remaining, a.capacity)
}

// updateMeasuredRate counts requests in 0.5 s buckets and smooths the rate of each bucket.
func (a *cubicLimiter) updateMeasuredRate(now int64) {
	timeBucket := math.Floor(seconds(now)*2.) / 2.
	a.requestCount++
	if timeBucket > a.lastTxRateBucket {
		currentRate := float64(a.requestCount) / (timeBucket - a.lastTxRateBucket)
		a.measuredTxRate = (currentRate * a.smooth) + (a.measuredTxRate * (1. - a.smooth))
		a.requestCount = 0
		a.lastTxRateBucket = timeBucket
	}
}

// refill is tokenBucketRefill: the first call only starts the clock.
func (a *cubicLimiter) refill(now int64) {
	if !a.refilled {
		a.lastRefilled = now
		a.refilled = true
		return
	}
	fill := seconds(now-a.lastRefilled) * a.fillRate
	a.remaining = math.Min(a.remaining+fill, a.capacity)
	a.lastRefilled = now
}

// cubicStateNames are the limiter's columns in budget trace, named after the SDK's fields.
var cubicStateNames = []string{"limiter_enabled", "fill_rate", "measured_tx_rate", "calculated_rate", "last_max_rate", "time_window", "limiter_tokens"}

func (a *cubicLimiter) state() []float64 {
	on := 0.0
	if a.enabled {
		on = 1
	}
	return []float64{on, a.fillRate, a.measuredTxRate, a.calculatedRate, a.lastMaxRate, a.timeWindow, a.remaining}
}
