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

/// A meal's status change for its owner, as one statement Diesel prepares
/// once per connection: Diesel's own `UPDATE` is never cached (parsed and
/// planned by the server on every change). It sets the status and the
/// meal's `updated_at` (adding one to its revision) when the meal belongs to a plan of `owner`, and
/// returns the meal's row (with whether it is shared).
#[derive(Debug, Clone, Copy, diesel::query_builder::QueryId)]
pub(in crate::db) struct SetStatusOfOwner {
    /// The meal.
    pub id: i64,
    /// Whose plan it must be in.
    pub owner: i64,
    /// The new status code.
    pub status: i32,
    /// The change's time.
    pub now: chrono::NaiveDateTime,
}

impl diesel::query_builder::Query for SetStatusOfOwner {
    type SqlType = super::plan_read::MealRowSql;
}

impl<Conn> diesel::RunQueryDsl<Conn> for SetStatusOfOwner {}

impl<DB> diesel::query_builder::QueryFragment<DB> for SetStatusOfOwner
where
    DB: diesel::backend::Backend,
    DB: diesel::sql_types::HasSqlType<diesel::sql_types::BigInt>,
    DB: diesel::sql_types::HasSqlType<diesel::sql_types::Integer>,
    DB: diesel::sql_types::HasSqlType<diesel::sql_types::Timestamp>,
    i64: diesel::serialize::ToSql<diesel::sql_types::BigInt, DB>,
    i32: diesel::serialize::ToSql<diesel::sql_types::Integer, DB>,
    chrono::NaiveDateTime: diesel::serialize::ToSql<diesel::sql_types::Timestamp, DB>,
{
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, DB>,
    ) -> diesel::QueryResult<()> {
        use diesel::sql_types::{BigInt, Integer, Timestamp};
        out.push_sql("UPDATE meal_details SET status = ");
        out.push_bind_param::<Integer, _>(&self.status)?;
        out.push_sql(", updated_at = ");
        out.push_bind_param::<Timestamp, _>(&self.now)?;
        out.push_sql(", revision = revision + 1");
        out.push_sql(" WHERE id = ");
        out.push_bind_param::<BigInt, _>(&self.id)?;
        // From the meal to its day and plan by their primary keys (see
        // `status_batch.rs`).
        out.push_sql(
            " AND EXISTS (SELECT 1 FROM daily_menus d JOIN plans p ON p.id = d.plan_id \
             WHERE d.id = meal_details.daily_menu_id AND p.user_id = ",
        );
        out.push_bind_param::<BigInt, _>(&self.owner)?;
        out.push_sql(concat!(
            ") RETURNING ",
            super::plan_read::meal_column_names!("")
        ));
        Ok(())
    }
}
