//! `mealplan`: `serve` (the default), `migrate` or `reset-link`.

use std::process::ExitCode;

use clap::Parser;
use mealplan::config::{Cli, Command, LogFormat, ResetLinkArgs, ServeArgs, jwt_secret};
use mealplan::{Application, Settings, prepare_database};
use tracing_subscriber::EnvFilter;

/// actix-http's dispatcher logs every refused or broken connection at
/// ERROR, which would let anyone fill the log; the service reports each of
/// them itself, at WARN and within a limit (`mealplan_http::edge`). Turned
/// off unless `RUST_LOG` names `actix_http`.
const QUIET_DISPATCHER: &str = "actix_http::h1::dispatcher=off";

fn init_logging(format: LogFormat) {
    let directives = std::env::var("RUST_LOG").unwrap_or_else(|_| "info".to_owned());
    let mut filter = EnvFilter::try_new(&directives).unwrap_or_else(|_| EnvFilter::new("info"));
    if !directives.contains("actix_http") {
        filter = filter.add_directive(QUIET_DISPATCHER.parse().expect("a valid directive"));
    }
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match format {
        LogFormat::Pretty => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}

async fn serve(args: ServeArgs) -> Result<(), Box<dyn std::error::Error>> {
    let secret = jwt_secret(
        std::env::var("JWT_SECRET").ok(),
        &args.database.database_url,
    )?;
    let settings = Settings {
        database_url: args.database.database_url.clone(),
        bind: args.bind.clone(),
        jwt_secret: secret,
        token_ttl_minutes: args.token_ttl_minutes,
        bcrypt_cost: args.bcrypt_cost,
        meal_detail_auth: args.meal_detail_auth,
        cors_allowed_origins: args.cors_origins(),
        workers: 0,
        auth_rate_limit_per_minute: args.auth_rate_limit_per_minute,
        login_failure_limit: args.login_failure_limit,
        trusted_proxies: args.trusted_proxies.0.clone(),
        rate_limit_max_keys: args.rate_limit_max_keys,
        plan_cache_bytes: args.plan_cache_mb << 20,
        chat_model: args.chat_model(),
        pool: args.pool(),
        deadlines: args.deadlines(),
        metrics: args.metrics,
        access_log: args.access_log.into(),
        public_base_url: args.public_base_url(),
        mail: args.mail()?,
        password_reset: args.password_reset(),
        plan_searches: args.plan_searches(),
    };
    if settings.mail.is_none() {
        tracing::info!("SMTP_URL is not set: password reset links are not mailed");
    }
    if let Some(base) = args.public_base_url() {
        mealplan_http::routes::recipes::set_public_base_url(&base);
    }
    let app = Application::build(settings).await?;
    tracing::info!(addr = %app.addr(), "listening; API docs at /docs");
    app.run().await?;
    tracing::info!("stopped");
    Ok(())
}

/// `mealplan reset-link EMAIL`: prints a one-time link for the account, or
/// says that no account has the e-mail (exit code 1).
async fn reset_link(args: ResetLinkArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let Ok(email) = mealplan_domain::Email::parse_input(&args.email) else {
        eprintln!("not an e-mail address: {:?}", args.email);
        return Ok(ExitCode::from(2));
    };
    let url = args.database.database_url.clone();
    let db = tokio::task::spawn_blocking(move || {
        let db = mealplan_adapters::Database::open(&url, Default::default())?;
        db.migrate()?;
        Ok::<_, mealplan_adapters::DbError>(db)
    })
    .await??;
    let base = mealplan::link_base(args.public_base_url.as_deref(), args.bind.parse().ok());
    let links = mealplan::reset_links(
        &db,
        &mealplan::PasswordResetSettings {
            ttl_minutes: args.password_reset_ttl_minutes,
            retry_delays: Vec::new(),
        },
        base,
        std::sync::Arc::new(mealplan_adapters::SystemClock),
    );
    match links.link_for(&email).await? {
        Some(link) => {
            println!("{link}");
            eprintln!(
                "This link lets whoever opens it set the password of {} once, within {} minutes; \
                 it replaces any earlier link.",
                email.as_str(),
                args.password_reset_ttl_minutes
            );
            Ok(ExitCode::SUCCESS)
        }
        None => {
            eprintln!("no account has the e-mail {}", email.as_str());
            Ok(ExitCode::FAILURE)
        }
    }
}

fn main() -> ExitCode {
    dotenvy::dotenv().ok();
    let cli = Cli::parse();
    let format = match &cli.command {
        Some(Command::Serve(args)) => args.log_format,
        _ => cli.serve.log_format,
    };
    init_logging(format);
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        match cli.command {
            Some(Command::Migrate(db)) => {
                prepare_database(&db.database_url, Default::default()).await?;
                tracing::info!("migrations applied and reference data seeded");
                Ok(ExitCode::SUCCESS)
            }
            Some(Command::ResetLink(args)) => reset_link(args).await,
            Some(Command::Serve(args)) => serve(*args).await.map(|()| ExitCode::SUCCESS),
            None => serve(cli.serve).await.map(|()| ExitCode::SUCCESS),
        }
    });
    match result {
        Ok(code) => code,
        Err(e) => {
            tracing::error!("{e}");
            ExitCode::FAILURE
        }
    }
}
