package cli

import (
	"os"
	"testing"
)

// childValidate, set in the environment, makes the test binary run
// validate on its standard input instead of the tests: the memory tests
// measure it as a process of its own.
const childValidate = "TABLETOP_CLI_TEST_VALIDATE"

func TestMain(m *testing.M) {
	if os.Getenv(childValidate) == "1" {
		os.Exit(Validate(nil, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
