package engine

import (
	"context"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
)

// The table cache of spark.catalog and SQL's CACHE TABLE: kafkalab keeps no copy of the
// rows (a table is read afresh each time, which Spark's cache also gives once a write
// refreshes it); what it tracks is which tables are cached, for isCached, and which caches
// an UNCACHE takes with it, as Spark's CacheManager drops the caches built on the plan.

func cacheKey(name string) string {
	return strings.ToLower(strings.Join(plan.ParseAttributeName(name), "."))
}

// CacheTable is spark.catalog.cacheTable(name) and CACHE TABLE name: the table must exist.
func (s *Session) CacheTable(ctx context.Context, name string) error {
	df, err := s.Table(ctx, name)
	if err != nil {
		return err
	}
	s.global.mu.Lock()
	s.global.cached[cacheKey(name)] = df
	s.global.mu.Unlock()
	return nil
}

// sqlCacheTable is CACHE [LAZY] TABLE name [OPTIONS (...)] [[AS] query]: with a query, a
// temporary view of it is made first, as Spark's CacheTableAsSelect does.
func (s *Session) sqlCacheTable(ctx context.Context, name, query string) (*DataFrame, error) {
	if query != "" {
		df, err := s.SQL(ctx, query)
		if err != nil {
			return nil, err
		}
		if err := s.registerView(plan.ParseAttributeName(name)[0], df, false); err != nil {
			return nil, err
		}
	}
	if err := s.CacheTable(ctx, name); err != nil {
		return nil, err
	}
	return s.emptyResult(), nil
}

// IsCached is spark.catalog.isCached(name): the table must exist.
func (s *Session) IsCached(ctx context.Context, name string) (bool, error) {
	if _, err := s.Table(ctx, name); err != nil {
		return false, err
	}
	s.global.mu.Lock()
	defer s.global.mu.Unlock()
	_, ok := s.global.cached[cacheKey(name)]
	return ok, nil
}

// relationNames are the names of the relations a plan reads (a table's folder among them).
func relationNames(n plan.Node) map[string]bool {
	out := map[string]bool{}
	plan.Walk(n, func(x plan.Node) {
		if r, ok := x.(*plan.Relation); ok && r.Name != "" && r.Name != "LocalRelation" && r.Name != "OneRowRelation" {
			out[r.Name] = true
		}
	})
	return out
}

// UncacheTable is spark.catalog.uncacheTable(name) and UNCACHE TABLE name: the table's cache
// goes, and every cache that reads what it reads (a cached view of it), as Spark cascades.
func (s *Session) UncacheTable(ctx context.Context, name string) error {
	df, err := s.Table(ctx, name)
	if err != nil {
		return err
	}
	reads := relationNames(df.node)
	s.global.mu.Lock()
	defer s.global.mu.Unlock()
	delete(s.global.cached, cacheKey(name))
	for k, c := range s.global.cached {
		for r := range relationNames(c.node) {
			if reads[r] {
				delete(s.global.cached, k)
				break
			}
		}
	}
	return nil
}

// ClearCache is spark.catalog.clearCache() and CLEAR CACHE.
func (s *Session) ClearCache() {
	s.global.mu.Lock()
	clear(s.global.cached)
	s.global.mu.Unlock()
}
