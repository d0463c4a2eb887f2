# Drives Marc Brooker's own retry strategies (mbrooker/simulator_example at bbfe394,
# retry_sim/retry_strategy.py) with the scripts of schedule/budget's TestBrookerVectors and
# testdata/script/budget_trace_more.txtar, and prints per attempt the decision and the state
# after it, as budget trace does.
#
# Run: python3 brooker_drive.py PATH/TO/simulator_example/retry_sim
import sys

sys.path.insert(0, sys.argv[1])
from retry_strategy import AdaptiveRetryStrategy, CircuitBreakerRetryStrategy, NRetriesStrategy


def trace(kind, script, max_attempts):
    if kind == "bucket":
        s = AdaptiveRetryStrategy(0.1, 5)
    else:
        s = CircuitBreakerRetryStrategy(NRetriesStrategy(max_attempts - 1), 0.1)
    out = []
    for req in script.split(","):
        call = s.new_call()
        call.start()
        for i, o in enumerate(req):
            attempt = i + 1
            if o == "S":
                dec = "done"
            elif kind == "bucket":
                # budget trace asks for a retry only while attempts are left
                if attempt >= max_attempts:
                    dec = "max-attempts"
                else:
                    dec = "retry" if call.should_retry() else "refused"
            else:
                # the breaker counts every failure, the last one too
                ok = call.should_retry()
                if attempt >= max_attempts:
                    dec = "max-attempts"
                else:
                    dec = "retry" if ok else "refused"
            level = s.bucket if kind == "bucket" else s.failures / s.calls
            out.append("%s:%s" % (dec, repr(level)))
            if dec != "retry":
                break
    print(kind, script, " ".join(out))


trace("bucket", "FFFFF,FF,FF,S,FF,S,S,FF,FFFF", 5)
trace("breaker", "S,S,S,S,S,S,S,S,S,FS,FFS,S,FFFF,FS,S,S,S,S,S,S,S,S,S,S,FFFF", 4)
