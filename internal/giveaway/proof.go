package giveaway

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// Kinds of proof (Draw.ProofKind).
const (
	// ProofCommitReveal: the winner's index follows from a seed committed to
	// before the first entry and the hash of the entry list (DrawIndex).
	ProofCommitReveal = "commit_reveal"
	// ProofRandom: the older kind, a random value drawn at the draw.
	ProofRandom = "random"
)

// seedBytes is the size of a webinar's secret seed: 256 bits, so taking a
// SHA-256 modulo the number of entries (at most millions) is uniform to
// within 2^-200.
const seedBytes = 32

// sortEntries orders entries by id (byte order), the order of the entrant
// list, its hash and the pick.
func sortEntries(entries []Entry) {
	slices.SortFunc(entries, func(a, b Entry) int { return strings.Compare(a.ID, b.ID) })
}

// EntryList is the entrant list of a draw as published and hashed
// (docs/api.md#giveaway): the sorted entry ids, one per line, each
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

// listIDs splits an EntryList back into its ids.
func listIDs(list string) []string {
	if list == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(list, "\n"), "\n")
}

// Hash is the SHA-256 of text, in lowercase hex as sha256sum prints it.
func Hash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:])
}

// newSeed reads a seed from random: 64 lowercase hex characters, the text
// the commitment (Hash(seed)) and DrawIndex hash.
func newSeed(random io.Reader) (string, error) {
	buf := make([]byte, seedBytes)
	if _, err := io.ReadFull(random, buf); err != nil {
		return "", fmt.Errorf("giveaway: seed: %w", err)
	}
	return hex.EncodeToString(buf), nil
}

// DrawIndex is the commit-and-reveal pick (docs/product.md#giveaway): the
// SHA-256 of the text "{seed}:{listHash}:{counter}" (counter in decimal),
// read as a big-endian number, modulo n, the number of entries. A person
// recomputes it with `printf '%s:%s:%d' SEED HASH COUNTER | sha256sum`.
func DrawIndex(seed, listHash string, counter, n int) int {
	h := sha256.Sum256([]byte(seed + ":" + listHash + ":" + strconv.Itoa(counter)))
	return int(new(big.Int).Mod(new(big.Int).SetBytes(h[:]), big.NewInt(int64(n))).Int64())
}

// errWalk: no counter gave a candidate, far past the expected number of
// tries (n/candidates); a bug or corrupt data, never chance.
var errWalk = errors.New("giveaway: the draw sequence found no candidate")

// nextPick walks the fixed sequence of a webinar's draws: from counter on,
// the first counter whose index into the n entries is a candidate. It
// returns the counter taken and the index; candidates is not empty.
func nextPick(seed, listHash string, n, counter int, candidates map[int]bool) (int, int, error) {
	for tries := 0; tries < 64*n+64; tries, counter = tries+1, counter+1 {
		if i := DrawIndex(seed, listHash, counter, n); candidates[i] {
			return counter, i, nil
		}
	}
	return 0, 0, errWalk
}

// candidatesOf returns the indexes into ids that may win the next draw:
// the entries of accounts that still exist (live) not drawn before (won),
// or all of those once each has been drawn.
func candidatesOf(ids []string, live, won map[string]bool) map[int]bool {
	out, all := map[int]bool{}, map[int]bool{}
	for i, id := range ids {
		if live[id] {
			all[i] = true
			if !won[id] {
				out[i] = true
			}
		}
	}
	if len(out) == 0 {
		return all
	}
	return out
}
