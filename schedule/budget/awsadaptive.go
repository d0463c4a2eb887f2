package budget

import "github.com/backoffctl/backoffctl/schedule/param"

// awsAdaptiveDef is aws-adaptive: the AWS SDK for Go v2 AdaptiveMode retryer
// (aws/retry/adaptive.go), the standard retry quota of its version plus the CUBIC client rate
// limiter. Before each attempt GetAttemptToken waits for a limiter token; after it the response
// updates the limiter (handleResponse) on every attempt. In v1.48.0 it then releases the standard
// retryer's attempt token too (lines 149-157), so a first-try success adds the increment as in
// aws-standard; in v1.47.7 it returns handleResponse alone (line 148), so no success ever adds
// to the quota (aws-sdk-go-v2 issue #3550) and only successful retries give back their cost.
func awsAdaptiveDef() Def {
	return Def{
		Name:     "aws-adaptive",
		Versions: awsVersions,
		Summary:  "AWS SDK for Go v2 adaptive mode: the standard retry quota plus the CUBIC client rate limiter",
		Source:   "aws-sdk-go-v2 v1.48.0 (@1.47: v1.47.7) aws/retry/adaptive.go, adaptive_ratelimit.go, adaptive_token_bucket.go, standard.go",
		Keys:     awsQuotaKeys(),
		Make: func(version string, values map[string]param.Value) (Layer, error) {
			c, err := awsQuotaFrom("aws-adaptive", version, values)
			if err != nil {
				return nil, err
			}
			return AWSAdaptive{c}, nil
		},
	}
}

// AWSAdaptive is the layer of aws-adaptive[@1.48|@1.47].
type AWSAdaptive struct{ cfg awsQuotaConfig }

// New returns a full quota and a limiter made at time 0, off.
func (l AWSAdaptive) New() Gate {
	return &awsAdaptiveGate{quota: newAWSQuota(l.cfg, l.cfg.legacy), cubic: awsCubicGate{limiter: newCubicLimiter()}}
}

// Spec is the canonical SPEC.
func (l AWSAdaptive) Spec() string { return l.cfg.spec("aws-adaptive") }

// Source names the SDK files.
func (l AWSAdaptive) Source() string {
	return "aws-sdk-go-v2 " + l.cfg.sdkVersion() + " aws/retry/adaptive.go, adaptive_ratelimit.go, adaptive_token_bucket.go, standard.go"
}

type awsAdaptiveGate struct {
	quota *awsQuota
	cubic awsCubicGate
}

func (g *awsAdaptiveGate) Admit(now float64, attempt int, u float64) Admission {
	return g.cubic.Admit(now, attempt, u)
}

// Record releases the retry token (refund on success), then the attempt token: the limiter's
// update, then (1.48, first attempt) the increment.
func (g *awsAdaptiveGate) Record(now float64, attempt int, o Outcome) {
	g.cubic.Record(now, attempt, o)
	g.quota.record(attempt, o)
}

func (g *awsAdaptiveGate) Retry(_ float64, _ int, o Outcome) bool { return g.quota.retry(o) }
func (g *awsAdaptiveGate) Done(float64, int, bool)                { g.quota.done() }
func (g *awsAdaptiveGate) Level() float64                         { return float64(g.quota.tokens) }
func (g *awsAdaptiveGate) StateNames() []string                   { return cubicStateNames }
func (g *awsAdaptiveGate) State() []float64                       { return g.cubic.State() }
