//go:build race

package main

// raceEnabled is set when the tests run under -race.
const raceEnabled = true
