//go:build !unix

package protocol_test

import "testing"

func assertReaped(*testing.T, int) {}
