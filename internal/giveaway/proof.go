package giveaway

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"
)

// randomBytes is the size of a draw's random value: 256 bits, so taking it
// modulo the number of candidates (at most millions) is uniform to within
// 2^-200, and the pick can be recomputed by anyone from the stored value.
const randomBytes = 32

// sortEntries orders entries by id (byte order), the order of the entrant
// list, its hash and the pick.
func sortEntries(entries []Entry) {
	slices.SortFunc(entries, func(a, b Entry) int { return strings.Compare(a.ID, b.ID) })
}

// EntryList is the entrant list of a draw as exported and hashed
// (docs/api.md, "Giveaway"): the sorted entry ids, one per line, each
// ending in a newline ("" for none), so `sha256sum` of the downloaded file
// is the stored hash.
func EntryList(entries []Entry) string {
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(e.ID)
		b.WriteByte('\n')
	}
	return b.String()
}

// Hash is the SHA-256 of list, in lowercase hex as sha256sum prints it.
func Hash(list string) string {
	sum := sha256.Sum256([]byte(list))
	return hex.EncodeToString(sum[:])
}

// pick returns one of pool (sorted, not empty), each with the same chance,
// and the random value (hex) it took from random: the winner is
// pool[value mod len(pool)]. Production passes crypto/rand.Reader, so
// nobody can predict or replay the outcome; tests may pass a seeded source.
func pick(random io.Reader, pool []Entry) (Entry, string, error) {
	buf := make([]byte, randomBytes)
	if _, err := io.ReadFull(random, buf); err != nil {
		return Entry{}, "", fmt.Errorf("giveaway: random draw: %w", err)
	}
	v := new(big.Int).SetBytes(buf)
	i := new(big.Int).Mod(v, big.NewInt(int64(len(pool)))).Int64()
	return pool[i], hex.EncodeToString(buf), nil
}

// notDrawn returns the entries whose people are not in drawn (user ids),
// or all entries when every one of them has been drawn already.
func notDrawn(entries []Entry, drawn []string) []Entry {
	seen := make(map[string]bool, len(drawn))
	for _, id := range drawn {
		seen[id] = true
	}
	var pool []Entry
	for _, e := range entries {
		if !seen[e.UserID] {
			pool = append(pool, e)
		}
	}
	if len(pool) == 0 {
		return entries
	}
	return pool
}
