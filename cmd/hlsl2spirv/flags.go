package main

import (
	"fmt"
	"strconv"
	"strings"
)

// A flagSet parses the command line as normalizeArgs writes it ("--name"
// for a flag, "--name=value" for an option with a value) into the
// variables its flags point to. args.go's table already handles dxc's
// spellings, so what is left is typed assignment, which this does with
// the messages spf13/pflag gave: a general flag package costs every
// process start the initialization of what it imports (pflag: net,
// net/netip, encoding/base64, encoding/csv, flag).
type flagSet struct {
	flags []flagDef
}

type flagDef struct {
	name   string
	value  flagValue
	isBool bool // given without a value
}

// A flagValue takes one use of its option.
type flagValue interface{ Set(string) error }

func (fs *flagSet) define(name string, v flagValue, isBool bool) {
	fs.flags = append(fs.flags, flagDef{name, v, isBool})
}

// Bool defines a flag that sets *p when given.
func (fs *flagSet) Bool(p *bool, name string) { fs.define(name, boolValue{p}, true) }

// String defines an option whose value goes to *p (the last use wins).
func (fs *flagSet) String(p *string, name string) { fs.define(name, stringValue{p}, false) }

// Int defines an integer option (decimal, 0x hex, 0 octal or 0b binary).
func (fs *flagSet) Int(p *int, name string) { fs.define(name, intValue{p}, false) }

// Uint32 defines an unsigned 32-bit integer option.
func (fs *flagSet) Uint32(p *uint32, name string) { fs.define(name, uint32Value{p}, false) }

// Value defines an option of any other kind (stringList: repeatable).
func (fs *flagSet) Value(v flagValue, name string) { fs.define(name, v, false) }

// Parse sets the flags named by args; arguments that are no flags are
// returned, in order.
func (fs *flagSet) Parse(args []string) (rest []string, err error) {
	for _, a := range args {
		if !strings.HasPrefix(a, "--") {
			rest = append(rest, a)
			continue
		}
		name, value, hasValue := strings.Cut(a[2:], "=")
		f := fs.lookup(name)
		switch {
		case f == nil:
			return rest, fmt.Errorf("unknown flag: --%s", name)
		case f.isBool && !hasValue:
			value = "true"
		case !hasValue:
			return rest, fmt.Errorf("flag needs an argument: --%s", name)
		}
		if err := f.value.Set(value); err != nil {
			return rest, fmt.Errorf("invalid argument %q for %q flag: %v", value, "--"+name, err)
		}
	}
	return rest, nil
}

// lookup finds a flag by name: a command line has a few, the set a
// hundred, and a linear scan costs less than building a map.
func (fs *flagSet) lookup(name string) *flagDef {
	for i := range fs.flags {
		if fs.flags[i].name == name {
			return &fs.flags[i]
		}
	}
	return nil
}

type (
	boolValue   struct{ p *bool }
	stringValue struct{ p *string }
	intValue    struct{ p *int }
	uint32Value struct{ p *uint32 }
)

func (v boolValue) Set(s string) error {
	b, err := strconv.ParseBool(s)
	*v.p = b
	return err
}

func (v stringValue) Set(s string) error { *v.p = s; return nil }

func (v intValue) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, 64)
	*v.p = int(n)
	return err
}

func (v uint32Value) Set(s string) error {
	n, err := strconv.ParseUint(s, 0, 32)
	*v.p = uint32(n)
	return err
}
