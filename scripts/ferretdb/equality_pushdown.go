// Added to FerretDB v1.24.2 (Apache-2.0) by scripts/install-servers.sh before it builds; not part of FerretDB.

package sqlite

import (
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
)

// plainFieldName is a top-level field a JSON path can name without quoting.
var plainFieldName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// plainText is a string that encoding/json (which FerretDB stores documents with) writes as it is, between quotes,
// and SQLite's -> gives back the same way: printable ASCII without quotes, backslashes or the characters encoding/json
// escapes for HTML.
var plainText = regexp.MustCompile(`^[ !#-%'-;=?-\[\]-~]*$`)

// prepareEqualityWhereClause narrows a collection scan to the rows that can match the filter's top-level equalities
// with a string or an ObjectID: the field holds that text, or an array (whose elements MongoDB's equality also
// matches). It may return rows the filter does not match, never drop one that it does: the handler applies the
// whole filter to every row it reads, as it does after the PostgreSQL backend's pushdown.
func prepareEqualityWhereClause(filter *types.Document) (string, []any) {
	if filter == nil {
		return "", nil
	}

	var conditions []string
	var args []any

	for _, key := range filter.Keys() {
		if !plainFieldName.MatchString(key) {
			continue
		}

		value, err := filter.Get(key)
		if err != nil {
			continue
		}

		var text string

		switch v := value.(type) {
		case string:
			// Stored strings went through encoding/json, which replaces invalid UTF-8; such a value is not pushed down.
			if !utf8.ValidString(v) || strings.ContainsRune(v, 0) {
				continue
			}

			text = v
		case types.ObjectID:
			text = hex.EncodeToString(v[:])
		default:
			continue
		}

		if plainText.MatchString(text) {
			// The expression FerretDB's SQLite indexes are made on (metadata.Registry's indexesCreate): an index on the
			// field answers both terms (its JSON text is the quoted string, or starts with "[" for an array) instead of
			// a read of every row's JSON.
			field := fmt.Sprintf("%s->%q", metadata.DefaultColumn, key)
			conditions = append(conditions, fmt.Sprintf(`(%[1]s = ? OR (%[1]s >= '[' AND %[1]s < '\'))`, field))
			args = append(args, `"`+text+`"`)

			continue
		}

		path := "$." + key
		conditions = append(conditions, fmt.Sprintf(
			`(%[1]s->>? = ? OR json_type(%[1]s, ?) = 'array')`,
			metadata.DefaultColumn,
		))
		args = append(args, path, text, path)
	}

	if len(conditions) == 0 {
		return "", nil
	}

	return ` WHERE ` + strings.Join(conditions, ` AND `), args
}
