package sema

// entryInterface checks an entry point's stage inputs and outputs.
func (v *vulkanChecker) entryInterface(f *Func) {}

// stageLocations checks the locations of every entry's stage variables.
func (v *vulkanChecker) stageLocations(queue []queued) {}
