package analysis

// addTemplates adds the edge templates as base connections (filled in below).
func (h *HSearch) addTemplates() {}
