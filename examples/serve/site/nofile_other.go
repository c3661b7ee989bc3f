//go:build !unix

package site

// descriptorLimit returns how many descriptors the process may open: where
// there is no such limit to read, a number that keeps the connections
// (all but descriptorReserve) in the thousands.
func descriptorLimit() uint64 { return 8192 }
