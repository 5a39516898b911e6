#!/usr/bin/env python3
"""Generated plans checked over HTTP, as a client sees them.

Starts the service (release build by default) on a fresh SQLite database,
creates PROFILES random profiles the planner benchmark never saw (1-6 meals,
45-180 kg, vegan, vegetarian, predefined and custom restrictions), generates
a 7-day plan for each through `POST /api/plan/generate`, and checks every
plan from its own answer: day totals recomputed from the meals' nutrition
as served, portions, each meal's share of its day, variety, each day's
`fit`, and the time of each request.

Usage: python3 bench/plans_over_http.py [--bin target/release/mealplan]
       [--profiles 60] [--seed 7]
Only the Python standard library is needed.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

from localhttp import free_port, request

CUSTOM = ["no mushrooms", "kiwi allergy", "no pork", "wheat allergy", "dairy free",
          "no chicken", "onion allergy", "no rice", "peanut allergy", "no beef"]
PREDEFINED = ["gluten free", "lactose intolerance", "nut allergy", "shellfish allergy",
              "soy allergy", "egg allergy", "fish allergy", "sesame allergy"]


def profile(rng, i):
    diets = []
    r = rng.random()
    if r < 0.2:
        diets.append("vegan")
    elif r < 0.4:
        diets.append("vegetarian")
    for soft in ["high_protein", "low_carb", "high_fiber", "low_calorie", "high_carb"]:
        if rng.random() < 0.15:
            diets.append(soft)
    restrictions = rng.sample(PREDEFINED, rng.choice([0, 0, 1, 2]))
    if rng.random() < 0.3:
        restrictions.append(rng.choice(CUSTOM))
    gender = rng.choice(["male", "female"])
    return {
        "goal": rng.choice(["lose_weight", "maintain_weight", "gain_weight"]),
        "height": round(rng.uniform(160, 200) if gender == "male" else rng.uniform(150, 185)),
        "weight": round(rng.uniform(45, 180), 1),
        "body_type": rng.choice(["lean", "normal", "stocky", "obese"]),
        "gender": gender,
        "meals_per_day": i % 6 + 1,
        "activity_level": rng.choice(["low", "medium", "high"]),
        "birth_date": f"{rng.randint(1950, 2006)}-{rng.randint(1, 12):02d}-15",
        "restrictions": [{"name": n} for n in restrictions],
        "diet_types": diets,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/mealplan")
    ap.add_argument("--profiles", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--show-misses", action="store_true",
                    help="print each profile with a missed day and the days' fit notes")
    args = ap.parse_args()
    rng = random.Random(args.seed)

    work = tempfile.mkdtemp()
    port = free_port()
    env = dict(os.environ, DATABASE_URL=f"sqlite://{work}/check.db", BIND=f"127.0.0.1:{port}",
               BCRYPT_COST="4", AUTH_RATE_LIMIT_PER_MINUTE="0", LOGIN_FAILURE_LIMIT="0",
               RUST_LOG="warn")
    service = subprocess.Popen([args.bin, "serve"], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                if request(port, "GET", "/health")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        else:
            sys.exit("service did not start")

        by_meals = {m: [0, 0] for m in range(1, 7)}  # days within, days
        meals = outside = snacks_over = over_25 = 0
        big_days = oversize = repeats = consecutive = 0
        one_meal_distinct = []
        fit_agrees = fit_days = 0
        best_gap = []
        times = []
        for i in range(args.profiles):
            account = {"name": f"User {i}", "email": f"u{i}@example.com", "password": "password123"}
            status, reply = request(port, "POST", "/auth/register", account)
            assert status == 201, reply
            token = reply["access_token"]
            p = profile(rng, i)
            status, saved = request(port, "PUT", "/api/profile", p, token)
            assert status == 200, saved
            targets = {k: saved[f"{k}_target"] for k in ["calories", "protein", "carbs", "fat"]}
            started = time.perf_counter()
            status, plan = request(port, "POST", "/api/plan/generate", {"seed": i}, token)
            times.append(time.perf_counter() - started)
            assert status == 201, plan
            previous = None
            recipes = set()
            for day in plan["daily_menus"]:
                ms = day["meal_details"]
                totals = {k: sum(m["recipe"][k] for m in ms) for k in targets}
                inside = all(
                    abs(totals[k] - targets[k]) <= (0.05 if k == "calories" else 0.10) * targets[k] + 1e-9
                    for k in targets)
                by_meals[len(ms)][0] += inside
                by_meals[len(ms)][1] += 1
                fit = day.get("fit")
                if args.show_misses and not inside:
                    print(f"profile {i}: {p['meals_per_day']} meals, {p['diet_types']}, "
                          f"{[r['name'] for r in p['restrictions']]}, targets {targets}; "
                          f"{(fit or {}).get('note')}", file=sys.stderr)
                if fit is not None:
                    fit_days += 1
                    fit_agrees += fit["within_tolerance"] == inside
                    if not inside and fit.get("best_miss_points") is not None:
                        best_gap.append(fit["miss_points"] - fit["best_miss_points"])
                kcal = [m["recipe"]["calories"] for m in ms]
                for m in ms:
                    s = m["servings"]
                    meals += 1
                    outside += not (0.75 <= s <= 1.5)
                    snacks_over += m["meal_type"] == "snack" and s > 1.5
                    over_25 += s > 2.5
                    recipes.add(m["recipe_id"])
                if len(ms) >= 3:
                    big_days += 1
                    oversize += max(kcal) > 0.5 * sum(kcal)
                ids = [m["recipe_id"] for m in ms]
                repeats += len(ids) - len(set(ids))
                if previous:
                    consecutive += sum(a == b for a, b in zip(previous, ids))
                previous = ids
            if p["meals_per_day"] == 1:
                one_meal_distinct.append(len(recipes))

        days = sum(d for _, d in by_meals.values())
        print(f"{args.profiles} profiles over HTTP (seed {args.seed})\n")
        print("| meals per day | days within 5% kcal and 10% every macro |")
        print("|---|---|")
        for m, (inside, n) in by_meals.items():
            print(f"| {m} | {100 * inside / max(n, 1):.1f}% ({inside}/{n}) |")
        three_plus = [by_meals[m] for m in range(3, 7)]
        print(f"| 3+ | {100 * sum(i for i, _ in three_plus) / max(1, sum(n for _, n in three_plus)):.1f}% |")
        print()
        print(f"meals outside 0.75-1.5 servings: {100 * outside / meals:.1f}% ({outside}/{meals}); "
              f"over 2.5: {over_25}; snacks over 1.5: {snacks_over}")
        print(f"3+-meal days with a meal over 50%: {oversize}/{big_days}")
        print(f"repeats within a day: {repeats}; same slot on consecutive days: {consecutive}")
        print(f"one-meal plans, different recipes a week: {sorted(one_meal_distinct)}")
        print(f"days whose fit agrees with the recomputed totals: {fit_agrees}/{fit_days} of {days}")
        if best_gap:
            best_gap.sort()
            print(f"missed days: {len(best_gap)}, miss minus best reachable (points): median "
                  f"{best_gap[len(best_gap) // 2]:.1f}, max {best_gap[-1]:.1f}")
        times.sort()
        print(f"POST /api/plan/generate: median {1000 * times[len(times) // 2]:.1f} ms, "
              f"max {1000 * times[-1]:.1f} ms")
    finally:
        service.terminate()
        service.wait()


if __name__ == "__main__":
    main()
