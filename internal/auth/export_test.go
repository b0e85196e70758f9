package auth

import (
	"context"
	"time"
)

// Hooks for the tests in auth_test: how many password hashes ran, the most
// that ran at once, and the size of the hashing gate.

func HashCount(s *Service) int64 { return s.hashes.hashes.Load() }

func PeakHashes(s *Service) int64 { return s.hashes.peak.Load() }

func HashSlots(s *Service) int { return s.hashes.size }

// SetHashGate replaces the hashing gate; call it before the service is used.
func SetHashGate(s *Service, slots int, wait time.Duration) { s.hashes = newHashGate(slots, wait) }

// ArgonMemoryBytes is what one hash holds while it runs.
const ArgonMemoryBytes = argonMemory * 1024

// HoldHashSlot takes one hashing slot until release is called, as a long
// hash would.
func HoldHashSlot(s *Service) (release func()) {
	_ = s.hashes.slots.Acquire(context.Background(), 1) // never fails without a deadline
	return func() { s.hashes.slots.Release(1) }
}

// HostileName is the name of the review's finding N2 (accountmail_golden_test.go).
const HostileName = hostileName
