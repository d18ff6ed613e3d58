//go:build !race

package opt

// raceEnabled is set when the tests run under -race.
const raceEnabled = false
