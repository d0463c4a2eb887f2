package budget_test

import (
	"fmt"

	"github.com/backoffctl/backoffctl/schedule/budget"
)

// aws-sdk-go-v2 v1.48.0's retry quota over one request that fails twice and then succeeds
// (retry2026_test.go, "retry eventually succeeds"): each retry takes 14 tokens, and the
// successful retry gives its own 14 back.
func ExampleTrace() {
	layer, _ := budget.Parse("aws-standard", false)
	script, _ := budget.ParseScript("FFS")
	for _, r := range budget.Trace(layer, script, budget.TraceOptions{Requests: 1, MaxAttempts: 3, Times: budget.Every(1)}) {
		fmt.Println(r.Attempt, r.Outcome, r.Decision, r.Level)
	}
	// Output:
	// 1 failure retry 486
	// 2 failure retry 472
	// 3 success done 486
}

// The retries a full gRPC throttler (max 10, ratio 0.1) grants to requests of 3 attempts that
// all fail: 10 tokens, each failed attempt takes 1, retries only while more than 5 remain.
func ExampleBurst() {
	layer, _ := budget.Parse("grpc", false)
	retries, _ := budget.Burst(layer, 3)
	fmt.Printf("%d retries\n", retries)
	// Output: 3 retries
}
