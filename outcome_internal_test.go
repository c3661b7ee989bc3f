package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestOutcomeMarshalJSONRefusesAWellFormedOutcomeOfAnUnnamedReason: an
// outcome whose scores are those of a real finished game but whose
// reason number nobody named (which no constructor builds, but a Reason
// from another process could carry) has no JSON form: its reason would
// be written "unknown reason", which no reader takes back.
func TestOutcomeMarshalJSONRefusesAWellFormedOutcomeOfAnUnnamedReason(t *testing.T) {
	unnamed := Reason(len(*reasonNames.Load()))
	if unnamed.named() {
		t.Fatalf("Reason(%d) is named", unnamed)
	}
	for _, r := range []Reason{unnamed, 250, 255} {
		if r.named() {
			continue // some test named that many reasons
		}
		for _, o := range []Outcome{
			{Reason: r, seats: 2, halves: [MaxSeats]uint8{2, 0}},
			{Reason: r, seats: 2, halves: [MaxSeats]uint8{1, 1}},
			{Reason: r, seats: 4, halves: [MaxSeats]uint8{2, 0, 2, 0}},
		} {
			if data, err := o.MarshalJSON(); err == nil {
				t.Errorf("Reason(%d) %v: MarshalJSON wrote %s, want an error", r, o.halves, data)
			} else if !strings.Contains(err.Error(), "unknown reason") || !strings.Contains(err.Error(), "no JSON form") {
				t.Errorf("Reason(%d): the error %q does not say the reason is unknown and has no JSON form", r, err)
			}
			if data, err := json.Marshal(o); err == nil {
				t.Errorf("Reason(%d): json.Marshal wrote %s, want an error", r, data)
			}
			if data, err := r.MarshalText(); err == nil {
				t.Errorf("Reason(%d): MarshalText wrote %q, want an error", r, data)
			}
		}
	}
}

// TestOutcomeMarshalJSONRefusesAWellFormedInvalidOutcome: the reason
// Invalid has no JSON form even with scores a finished game could have
// (UnmarshalJSON refuses "invalid"), though its text form is "invalid".
func TestOutcomeMarshalJSONRefusesAWellFormedInvalidOutcome(t *testing.T) {
	for _, o := range []Outcome{
		{Reason: Invalid, seats: 2, halves: [MaxSeats]uint8{2, 0}},
		{Reason: Invalid, seats: 3, halves: [MaxSeats]uint8{1, 1, 1}},
		{Reason: Invalid},
	} {
		if data, err := o.MarshalJSON(); err == nil {
			t.Errorf("%v: MarshalJSON wrote %s, want an error", o.halves, data)
		} else if !strings.Contains(err.Error(), "reason invalid has no JSON form") {
			t.Errorf("%v: the error %q does not say why", o.halves, err)
		}
	}
	if text, err := Invalid.MarshalText(); err != nil || string(text) != "invalid" {
		t.Errorf("Invalid.MarshalText() = %q, %v; want \"invalid\" (a named reason)", text, err)
	}
}

// TestOutcomeMarshalJSONWritesTheSameScoresWithANamedEnding: the outcomes
// the tests above build pass every other check of MarshalJSON, so that
// those tests see the reason's refusal and no other: the same scores with
// a named ending marshal.
func TestOutcomeMarshalJSONWritesTheSameScoresWithANamedEnding(t *testing.T) {
	for _, o := range []Outcome{
		{Reason: Elimination, seats: 2, halves: [MaxSeats]uint8{2, 0}},
		{Reason: Elimination, seats: 2, halves: [MaxSeats]uint8{1, 1}},
		{Reason: Elimination, seats: 4, halves: [MaxSeats]uint8{2, 0, 2, 0}},
		{Reason: Elimination, seats: 3, halves: [MaxSeats]uint8{1, 1, 1}},
	} {
		if _, err := o.MarshalJSON(); err != nil {
			t.Errorf("%v: %v", o, err)
		}
	}
}
