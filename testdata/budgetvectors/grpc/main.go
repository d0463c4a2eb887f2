// Command grpc drives grpc-go's retry throttling (retryThrottler, unexported) through real RPCs:
// an in-memory server answers each attempt with the scripted outcome (S: OK, any other letter:
// UNAVAILABLE, a retryable code in the retry policy), and after every attempt the channel's token
// count is read by reflection. Its output is the expectation of schedule/budget's gRPC tests.
//
//	grpc MAX RATIO MAXATTEMPTS SCRIPT
package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
)

type server struct {
	healthpb.UnimplementedHealthServer
	mu   sync.Mutex
	next func() byte
}

func (s *server) Check(context.Context, *healthpb.HealthCheckRequest) (*healthpb.HealthCheckResponse, error) {
	s.mu.Lock()
	c := s.next()
	s.mu.Unlock()
	if c == 'S' {
		return &healthpb.HealthCheckResponse{Status: healthpb.HealthCheckResponse_SERVING}, nil
	}
	return nil, status.Error(codes.Unavailable, "scripted failure")
}

// tokens reads cc.retryThrottler.Load().(*retryThrottler).tokens.
func tokens(cc *grpc.ClientConn) float64 {
	f := reflect.ValueOf(cc).Elem().FieldByName("retryThrottler")
	av := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
	inner := av.Field(0)
	rt := reflect.NewAt(inner.Type(), unsafe.Pointer(inner.UnsafeAddr())).Elem().Elem()
	return rt.Elem().FieldByName("tokens").Float()
}

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: grpc MAX RATIO MAXATTEMPTS SCRIPT")
		os.Exit(2)
	}
	max, ratio, attempts := os.Args[1], os.Args[2], os.Args[3]
	requests := strings.Split(os.Args[4], ",")

	lis := bufconn.Listen(1 << 20)
	srv := &server{}
	gs := grpc.NewServer()
	healthpb.RegisterHealthServer(gs, srv)
	go gs.Serve(lis)
	defer gs.Stop()

	config := `{"methodConfig": [{"name": [{"service": "grpc.health.v1.Health"}], "waitForReady": true,
	  "retryPolicy": {"MaxAttempts": ` + attempts + `, "InitialBackoff": ".001s", "MaxBackoff": ".001s",
	    "BackoffMultiplier": 1.0, "RetryableStatusCodes": ["UNAVAILABLE"]}}],
	  "retryThrottling": {"maxTokens": ` + max + `, "tokenRatio": ` + ratio + `}}`
	cc, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(context.Context, string) (net.Conn, error) { return lis.Dial() }),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(config))
	if err != nil {
		panic(err)
	}
	defer cc.Close()
	client := healthpb.NewHealthClient(cc)

	// one warm-up call would change the tokens; the channel connects on the first real call
	for ri, req := range requests {
		attempt := 0
		var pending string
		srv.next = func() byte {
			if pending != "" { // the previous attempt of this request has been judged
				fmt.Printf("%s %s\n", pending, strconv.FormatFloat(tokens(cc), 'g', -1, 64))
			}
			c := req[min(attempt, len(req)-1)]
			attempt++
			pending = fmt.Sprintf("%d %d %c", ri+1, attempt, c)
			return c
		}
		_, err := client.Check(context.Background(), &healthpb.HealthCheckRequest{})
		fmt.Printf("%s %s %s\n", pending, strconv.FormatFloat(tokens(cc), 'g', -1, 64), status.Code(err))
	}
}
