//go:build !unix

package opt

import "time"

// cpuTime is not measured here: the cpu-ns/unit metric reads 0.
func cpuTime() time.Duration { return 0 }
