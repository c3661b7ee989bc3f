package rules

import (
	"strconv"
	"testing"
)

// TestNewReasonRefusesThe257thName fills the table to its 256 names and
// restores it after, so that no other test sees the full table.
func TestNewReasonRefusesThe257thName(t *testing.T) {
	saved := reasonNames.Load()
	t.Cleanup(func() { reasonNames.Store(saved) })
	for i := len(*saved); i < 256; i++ {
		if r := NewReason("filler " + strconv.Itoa(i)); int(r) != i {
			t.Fatalf("name %d got reason %d", i, r)
		}
	}
	if got := NewReason("filler 255"); got != 255 {
		t.Errorf("a name already in a full table gives its reason: got %d", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("the 257th name did not panic")
		}
	}()
	NewReason("one too many")
}
