package conformance

import "math"

// FalseAlarm is the false-alarm rate of the statistical tests of the
// games' rollouts: a correct rollout fails one with this probability over
// the choice of seed. The seeds are fixed, so a passing test keeps
// passing; with about twenty such tests in the module, a correct
// implementation given fresh seeds would fail one about once in 500 runs.
const FalseAlarm = 1e-4

// Homogeneity is Pearson's chi-square test that two samples of counts
// over the same categories come from the same distribution. Categories
// whose expected count under the pooled distribution is below 5 in either
// sample are merged into one (so that the chi-square approximation
// holds). It returns the statistic, its degrees of freedom and the
// p-value: the probability of a statistic at least as large if the two
// distributions are the same. With two categories it is the two-sided
// two-proportion z-test (chi2 = z²).
func Homogeneity(a, b []int) (chi2 float64, df int, p float64) {
	na, nb := sum(a), sum(b)
	if na == 0 || nb == 0 {
		return 0, 0, 1
	}
	n := float64(na + nb)
	var ca, cb []float64
	var restA, restB float64
	for i := range a {
		tot := float64(a[i] + b[i])
		if tot*float64(min(na, nb))/n < 5 {
			restA += float64(a[i])
			restB += float64(b[i])
			continue
		}
		ca, cb = append(ca, float64(a[i])), append(cb, float64(b[i]))
	}
	if restA+restB > 0 {
		ca, cb = append(ca, restA), append(cb, restB)
	}
	for i := range ca {
		tot := ca[i] + cb[i]
		ea, eb := tot*float64(na)/n, tot*float64(nb)/n
		chi2 += (ca[i]-ea)*(ca[i]-ea)/ea + (cb[i]-eb)*(cb[i]-eb)/eb
	}
	df = len(ca) - 1
	if df < 1 {
		return 0, 0, 1
	}
	return chi2, df, ChiSquareSurvival(chi2, df)
}

// GoodnessOfFit is Pearson's chi-square test that counts come from the
// distribution probs (the same categories; probs sum to 1). Categories
// expected below 5 times are merged. It returns the statistic, its
// degrees of freedom and the p-value.
func GoodnessOfFit(counts []int, probs []float64) (chi2 float64, df int, p float64) {
	n := float64(sum(counts))
	if n == 0 {
		return 0, 0, 1
	}
	var obs, exp []float64
	var restO, restE float64
	for i := range counts {
		e := probs[i] * n
		if e < 5 {
			restO += float64(counts[i])
			restE += e
			continue
		}
		obs, exp = append(obs, float64(counts[i])), append(exp, e)
	}
	if restE > 0 || restO > 0 {
		obs, exp = append(obs, restO), append(exp, restE)
	}
	for i := range obs {
		if exp[i] == 0 {
			if obs[i] > 0 {
				return math.Inf(1), len(obs) - 1, 0 // an impossible category occurred
			}
			continue
		}
		chi2 += (obs[i] - exp[i]) * (obs[i] - exp[i]) / exp[i]
	}
	df = len(obs) - 1
	if df < 1 {
		return 0, 0, 1
	}
	return chi2, df, ChiSquareSurvival(chi2, df)
}

// Categories turns samples of any comparable values into two count
// vectors over the union of the values seen, in a fixed order (by
// first appearance in a, then in b), for Homogeneity.
func Categories[T comparable](a, b []T) (ca, cb []int) {
	index := map[T]int{}
	var order []T
	for _, s := range [][]T{a, b} {
		for _, v := range s {
			if _, ok := index[v]; !ok {
				index[v] = len(order)
				order = append(order, v)
			}
		}
	}
	ca, cb = make([]int, len(order)), make([]int, len(order))
	for _, v := range a {
		ca[index[v]]++
	}
	for _, v := range b {
		cb[index[v]]++
	}
	return ca, cb
}

// ChiSquareSurvival returns P(X ≥ x) for X chi-square distributed with
// df degrees of freedom: the regularized upper incomplete gamma function
// Q(df/2, x/2).
func ChiSquareSurvival(x float64, df int) float64 {
	if x <= 0 {
		return 1
	}
	return gammaQ(float64(df)/2, x/2)
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// gammaQ is the regularized upper incomplete gamma function Q(a, x), by
// its series below a+1 and its continued fraction above (Numerical
// Recipes, 6.2).
func gammaQ(a, x float64) float64 {
	lg, _ := math.Lgamma(a)
	front := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, del, ap := 1/a, 1/a, a
		for range 10000 {
			ap++
			del *= x / ap
			sum += del
			if math.Abs(del) < math.Abs(sum)*1e-15 {
				break
			}
		}
		return 1 - sum*front
	}
	const tiny = 1e-300
	b := x + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1; i < 10000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return front * h
}
