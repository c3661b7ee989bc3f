package conformance

import (
	"math"
	"testing"
)

func TestChiSquareSurvivalMatchesTables(t *testing.T) {
	for _, c := range []struct {
		x    float64
		df   int
		want float64
	}{
		{3.841459, 1, 0.05}, {5.991465, 2, 0.05}, {15.13671, 1, 1e-4}, {23.51274, 4, 1e-4},
		{0.454936, 1, 0.5}, {9.487729, 4, 0.05}, {2, 2, math.Exp(-1)}, {0, 3, 1},
	} {
		if got := ChiSquareSurvival(c.x, c.df); math.Abs(got-c.want) > 1e-5*max(1, c.want*10) {
			t.Errorf("ChiSquareSurvival(%v, %d) = %v, want %v", c.x, c.df, got, c.want)
		}
	}
}

func TestHomogeneityAndFit(t *testing.T) {
	// Identical samples: no evidence at all.
	if _, _, p := Homogeneity([]int{100, 200, 300}, []int{100, 200, 300}); p != 1 {
		t.Errorf("identical samples: p = %v", p)
	}
	// 2x2: z = (0.5-0.6)/sqrt(0.55*0.45*(2/1000)) = -4.49, chi2 = z² = 20.2.
	chi2, df, p := Homogeneity([]int{500, 500}, []int{600, 400})
	if df != 1 || math.Abs(chi2-20.202) > 0.01 || p > 1e-4 {
		t.Errorf("two proportions: chi2 %v df %d p %v", chi2, df, p)
	}
	// Rare categories are merged.
	_, df, _ = Homogeneity([]int{1000, 1, 1, 1}, []int{1000, 2, 0, 1})
	if df != 1 {
		t.Errorf("rare categories not merged: df %d", df)
	}
	chi2, df, p = GoodnessOfFit([]int{480, 520}, []float64{0.5, 0.5})
	if df != 1 || math.Abs(chi2-1.6) > 1e-9 || p < 0.2 {
		t.Errorf("fit: chi2 %v df %d p %v", chi2, df, p)
	}
	if _, _, p := GoodnessOfFit([]int{990, 10}, []float64{1, 0}); p != 0 {
		t.Errorf("an impossible category occurred: p %v", p)
	}
	a, b := Categories([]string{"x", "y", "x"}, []string{"z", "x"})
	if len(a) != 3 || a[0] != 2 || a[1] != 1 || a[2] != 0 || b[0] != 1 || b[2] != 1 {
		t.Errorf("Categories: %v %v", a, b)
	}
}
