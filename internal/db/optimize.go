package db

import (
	"context"
	"fmt"
)

// analysisLimit bounds the rows ANALYZE reads per index when PRAGMA
// optimize decides a table needs fresh statistics: approximate statistics
// in milliseconds, even at 100,000 accounts, instead of a full scan at start.
const analysisLimit = 400

// Optimize gives SQLite's query planner current statistics (PRAGMA
// optimize: it analyzes only tables whose size changed much since their
// last analysis, so a run with nothing to do costs almost nothing). Open
// runs it once, and Serve's periodic jobs run it again (db.optimize), as
// SQLite recommends for long-lived connections; without statistics the
// planner can pick a scan over an index. PostgreSQL's autovacuum keeps its
// own statistics: there it does nothing. It reports 0 (nothing to count).
func (d *DB) Optimize(ctx context.Context) (int, error) {
	if d.Engine != SQLite {
		return 0, nil
	}
	// 0x10002: look at every table, not only those this connection used.
	if _, err := d.ExecContext(ctx, fmt.Sprintf(`PRAGMA analysis_limit = %d; PRAGMA optimize = 0x10002`, analysisLimit)); err != nil {
		return 0, fmt.Errorf("pragma optimize: %w", err)
	}
	return 0, nil
}
