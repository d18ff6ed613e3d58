//go:build !unix

package tool

import "time"

// CPUTime is not measured here: it returns 0.
func CPUTime() time.Duration { return 0 }
