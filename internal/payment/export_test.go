package payment

// SetProvider swaps the service's provider (tests: a provider that fails).
func (s *Service) SetProvider(p Provider) { s.provider = p }
