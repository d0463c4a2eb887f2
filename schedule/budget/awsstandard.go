package budget

import "github.com/backoffctl/backoffctl/schedule/param"

// awsStandardDef is aws-standard: the AWS SDK for Go v2 standard retryer's retry quota (see
// awsQuota for the rules and their lines).
func awsStandardDef() Def {
	return Def{
		Name:     "aws-standard",
		Versions: awsVersions,
		Summary:  "AWS SDK for Go v2 standard retry quota: a bucket of tokens; a retry takes its cost or is refused",
		Source:   "aws-sdk-go-v2 v1.48.0 (@1.47: v1.47.7) aws/retry/standard.go, aws/retry/middleware.go, aws/ratelimit/token_bucket.go",
		Keys:     awsQuotaKeys(),
		Make: func(version string, values map[string]param.Value) (Layer, error) {
			c, err := awsQuotaFrom("aws-standard", version, values)
			if err != nil {
				return nil, err
			}
			return AWSStandard{c}, nil
		},
	}
}

// AWSStandard is the layer of aws-standard[@1.48|@1.47].
type AWSStandard struct{ cfg awsQuotaConfig }

// New returns a full quota.
func (l AWSStandard) New() Gate { return &awsStandardGate{newAWSQuota(l.cfg, false)} }

// Spec is the canonical SPEC.
func (l AWSStandard) Spec() string { return l.cfg.spec("aws-standard") }

// Source names the SDK files.
func (l AWSStandard) Source() string {
	return "aws-sdk-go-v2 " + l.cfg.sdkVersion() + " aws/retry/standard.go, aws/retry/middleware.go, aws/ratelimit/token_bucket.go"
}

type awsStandardGate struct{ q *awsQuota }

func (g *awsStandardGate) Admit(float64, int, float64) Admission { return Admission{Allowed: true} }
func (g *awsStandardGate) Record(_ float64, attempt int, o Outcome) {
	g.q.record(attempt, o)
}
func (g *awsStandardGate) Retry(_ float64, _ int, o Outcome) bool { return g.q.retry(o) }
func (g *awsStandardGate) Done(float64, int, bool)                { g.q.done() }
func (g *awsStandardGate) Level() float64                         { return float64(g.q.tokens) }
