package presets

import (
	"github.com/backoffctl/backoffctl/schedule"
)

// SpringRetry is a Spring Retry RetryTemplate with a SimpleRetryPolicy and one of its
// BackOffPolicies (spring-retry v2.0.12, commit 802c4450ce5850588947bbd8d2830f6f07a6076a, the
// files unchanged at c8977dda2d97; src/main/java/org/springframework/retry/backoff/ and
// support/RetryTemplate.java). RetryTemplate.doExecute backs off only while canRetry holds
// (SimpleRetryPolicy: retryCount < maxAttempts, default 3), so maxAttempts counts calls and no
// sleep follows the last. ExponentialBackOffPolicy's defaults (initialInterval 100 ms,
// multiplier 2.0, maxInterval 30 s) with maxAttempts 12:
//
//	attempt  start     wait
//	1        0s        100ms
//	2        100ms     200ms
//	3        300ms     400ms
//	...
//	9        25.5s     25.6s
//	10       51.1s     30s
//	11       1m21.1s   30s
//	12       1m51.1s   - (gives up)
//
// Every sleep is a Java long of milliseconds. The exponential interval grows by
// (long) (interval * multiplier), truncated at each step, and stops growing once it passes
// maxInterval (the strict ">" in getSleepAndIncrement). ExponentialRandomBackOffPolicy's odd jitter
// multiplies that capped sleep by 1 + nextFloat() * (multiplier - 1): only upward, up to the
// multiplier itself (a 2x spread by default), a 24-bit float draw, then capped again, so at the cap
// the jitter vanishes. UniformRandomBackOffPolicy sleeps min + nextInt((int) (max - min)).
type SpringRetry struct {
	BackOffPolicy     string  // SpringExponential, ...
	InitialInterval   int64   // ms, as setInitialInterval leaves it (at least 1)
	Multiplier        float64 // as setMultiplier leaves it (at least 1.0)
	MaxInterval       int64   // ms, as setMaxInterval leaves it (at least 1)
	BackOffPeriod     int64   // FixedBackOffPolicy, ms (at least 1)
	MinBackOffPeriod  int64   // UniformRandomBackOffPolicy, ms (at least 1)
	MaxBackOffPeriod  int64   // UniformRandomBackOffPolicy, ms (at least 1)
	MaxAttempts       int     // SimpleRetryPolicy maxAttempts: calls in all
	JobDuration       float64 // seconds each attempt runs before it fails
	Params            []schedule.Param
	CoercedParameters []string // setters that raised a value, as "--flag given -> used", for the note
}

// The back-off policies, as --back-off-policy names them.
const (
	SpringExponential       = "exponential"
	SpringExponentialRandom = "exponential-random"
	SpringFixed             = "fixed"
	SpringUniformRandom     = "uniform-random"
	SpringNoBackOff         = "no-back-off"
)

// SpringBackOffPolicies lists the policies, the default first.
var SpringBackOffPolicies = []string{SpringExponential, SpringExponentialRandom, SpringFixed, SpringUniformRandom, SpringNoBackOff}

// springSleeps is the sleeps of ExponentialBackOffContext.getSleepAndIncrement, one per backOff,
// up to n of them. It stops early once they cannot change: the interval has passed maxInterval
// (it is no longer incremented) or is a fixed point of the multiplication.
func springSleeps(interval int64, multiplier float64, maxInterval int64, n int) []int64 {
	var sleeps []int64
	for len(sleeps) < n {
		sleep := interval
		if sleep > maxInterval {
			sleeps = append(sleeps, maxInterval)
			break
		}
		next := javaD2L(float64(interval) * multiplier) // getNextInterval: (long) (this.interval * getMultiplier())
		sleeps = append(sleeps, sleep)
		if next == interval {
			break
		}
		interval = next
	}
	return sleeps
}

// springNextFloat is java.util.Random.nextFloat() for the draw: next(24) / 2^24. A Java-seeded
// stream's Intn(1<<24) is Random.nextInt(1 << 24), which for a power of two is next(24) itself;
// a fixed u gives floor(u * 2^24), the supremum (2^24 - 1) / 2^24, nextFloat's largest value.
func springNextFloat(d schedule.Draws) float32 {
	return float32(d.Intn(1<<24)) / (1 << 24)
}

// SpringExponentialRandomSleep is ExponentialRandomBackOffContext.getSleepAndIncrement after the
// capped exponential sleep: (long) (next * (1 + r.nextFloat() * (getMultiplier() - 1))), capped at
// maxInterval. The float draw widens to double before the multiply, as Java promotes it.
func SpringExponentialRandomSleep(next int64, multiplier float64, maxInterval int64, nextFloat float32) int64 {
	scale := 1 + float64(float64(nextFloat)*(multiplier-1))
	next = javaD2L(float64(float64(next) * scale))
	if next > maxInterval {
		next = maxInterval
	}
	return next
}

// NewSpringRetry builds the schedule.
func NewSpringRetry(s SpringRetry) *schedule.Composed {
	var sleeps []int64
	if s.BackOffPolicy == SpringExponential || s.BackOffPolicy == SpringExponentialRandom {
		sleeps = springSleeps(s.InitialInterval, s.Multiplier, s.MaxInterval, max(s.MaxAttempts-1, 1))
	}
	return composeMillis(schedule.Composed{
		ID: "spring-retry", Parameters: s.Params, Attempts: s.MaxAttempts, JobDuration: s.JobDuration, Explain: s.notes,
	}, func(k int, d schedule.Draws) int64 { return s.sleep(sleeps, k, d) })
}

// sleep is the backOff after attempt k, in milliseconds.
func (s SpringRetry) sleep(sleeps []int64, k int, d schedule.Draws) int64 {
	switch s.BackOffPolicy {
	case SpringExponential:
		return sleeps[min(k, len(sleeps))-1]
	case SpringExponentialRandom:
		return SpringExponentialRandomSleep(sleeps[min(k, len(sleeps))-1], s.Multiplier, s.MaxInterval, springNextFloat(d))
	case SpringFixed:
		return s.BackOffPeriod
	case SpringUniformRandom:
		// doBackOff: long delta = max <= min ? 0 : this.random.nextInt((int) (max - min));
		// the tool refuses spans past the int range, where the cast wraps or nextInt throws.
		if s.MaxBackOffPeriod <= s.MinBackOffPeriod {
			return s.MinBackOffPeriod
		}
		return s.MinBackOffPeriod + d.Intn(s.MaxBackOffPeriod-s.MinBackOffPeriod)
	}
	return 0 // NoBackOffPolicy
}

func (s SpringRetry) notes(rows []schedule.Row) []schedule.Note {
	notes := []schedule.Note{{Key: "note.spring.attempts", Args: []any{len(rows), s.MaxAttempts}}}
	switch s.BackOffPolicy {
	case SpringExponential, SpringExponentialRandom:
		sleeps := springSleeps(s.InitialInterval, s.Multiplier, s.MaxInterval, max(len(rows)-1, 1))
		for k, ms := range sleeps {
			if k+1 < len(rows) && ms == s.MaxInterval {
				notes = append(notes, schedule.Note{Key: "note.spring.capped", Args: []any{schedule.Duration(float64(s.MaxInterval) / 1000), k + 1}})
				break
			}
		}
		if s.BackOffPolicy == SpringExponentialRandom {
			notes = append(notes, schedule.Note{Key: "note.spring.random", Args: []any{s.Multiplier}})
		}
	case SpringUniformRandom:
		if s.MaxBackOffPeriod <= s.MinBackOffPeriod {
			notes = append(notes, schedule.Note{Key: "note.spring.uniform_empty", Args: []any{schedule.Duration(float64(s.MinBackOffPeriod) / 1000)}})
		}
	}
	for _, c := range s.CoercedParameters {
		notes = append(notes, schedule.Note{Key: "note.spring.coerced", Args: []any{c}})
	}
	return notes
}
