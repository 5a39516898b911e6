//! Select-list expressions of fixed SQL text that Diesel's DSL cannot say
//! (ordered aggregates in correlated subqueries), written so that the
//! statement holding them is still prepared once per connection and
//! cached.
//!
//! `diesel::dsl::sql` would say the same, but marks its statement unsafe
//! to cache: every execution is then parsed and planned again, by
//! PostgreSQL and by SQLite alike. Each expression here is a type of its
//! own, so the statement cache (keyed by the query's type) never confuses
//! two texts. The text must be valid on both backends: SQLite (3.44 and
//! later) has `string_agg` with `ORDER BY` as PostgreSQL does.

/// Defines `$name`, a unit struct usable as an expression of SQL type
/// `$st` in any query, that writes `$sql` verbatim.
macro_rules! fixed_sql {
    ($(#[$doc:meta])* $name:ident: $st:ty = $sql:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, diesel::query_builder::QueryId)]
        pub(in crate::db) struct $name;

        impl diesel::expression::Expression for $name {
            type SqlType = $st;
        }

        impl<DB: diesel::backend::Backend> diesel::query_builder::QueryFragment<DB> for $name {
            fn walk_ast<'b>(
                &'b self,
                mut out: diesel::query_builder::AstPass<'_, 'b, DB>,
            ) -> diesel::QueryResult<()> {
                out.push_sql($sql);
                Ok(())
            }
        }

        impl<QS> diesel::expression::AppearsOnTable<QS> for $name {}

        impl<QS> diesel::expression::SelectableExpression<QS> for $name {}

        impl diesel::expression::ValidGrouping<()> for $name {
            type IsAggregate = diesel::expression::is_aggregate::Never;
        }
    };
}

pub(in crate::db) use fixed_sql;
