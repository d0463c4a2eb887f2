package sim

import "testing"

func TestHerdSmoke(t *testing.T) {
	c := herdBase(t, "exponential --base 10ms --cap 2s --jitter full --attempts 100000")
	c.Server = Server{Kind: ServerOCC}
	c.Network = Network{Kind: NetNormal, Mean: 0.01, SD: 0.002}
	c.Bucket = 0.1
	res, err := RunHerd(c)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v rows %d", res.Summary, len(res.Rows))
}
