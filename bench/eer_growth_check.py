#!/usr/bin/env python3
"""Checks the children's energy cost of growth (ECG) the service uses
against the EERs the National Academy of Medicine publishes.

UpToDate's table "Estimated energy requirements for children and
adolescents, as calculated by the National Academy of Medicine" (NASEM
2023 DRI for Energy) gives, for boys and girls of 3-18 at the US median
height and weight, the EER at each activity level. The three levels used
here (inactive, low active, active) share one height, weight and ECG, so
each row gives three equations in those three unknowns: solved, the ECG
comes out of the published figures (their rounding to whole kcal makes
one row's ECG noisy, +-5 kcal; an age band's mean is steady).

The girls' ECG is confirmed elsewhere (15, 15, 30, 20); the check finds
it from the table too, which validates the method for the boys'.
Run: python3 bench/eer_growth_check.py  (exit 1 when a band is off by > 2).
"""
import sys

# age: boys inactive, low active, active | girls inactive, low active, active
TABLE = """3 1078 1220 1216 1075 1108 1170
4 1188 1318 1340 1166 1225 1289
5 1318 1437 1488 1241 1328 1392
6 1421 1530 1603 1325 1437 1503
7 1578 1678 1785 1396 1520 1593
8 1700 1798 1928 1470 1614 1690
9 1803 1898 2047 1606 1767 1855
10 1959 2082 2252 1737 1909 2013
11 2134 2267 2467 1856 2056 2166
12 2234 2356 2579 2009 2203 2340
13 2482 2626 2889 2017 2226 2360
14 2623 2771 3061 2139 2346 2503
15 2744 2924 3226 2082 2288 2441
16 2755 2941 3243 2138 2342 2506
17 2859 3072 3384 2178 2377 2553
18 2856 3058 3373 2114 2318 2485"""

# (intercept, age, height cm, weight kg) as crates/domain uses them.
BOYS = [(-447.51, 3.68, 13.01, 13.15), (19.12, 3.68, 8.62, 20.28), (-388.19, 3.68, 12.66, 20.46)]
GIRLS = [(55.59, -22.25, 8.43, 17.07), (-297.54, -22.25, 12.77, 14.73), (-189.55, -22.25, 11.74, 18.34)]
# The service's ECG by band (ages 3, 4-8, 9-13, 14-18).
USED = {"boys": [20, 15, 25, 20], "girls": [15, 15, 30, 20]}
BANDS = [(3, 3), (4, 8), (9, 13), (14, 18)]


def det(m):
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


def solve(m, y):
    d = det(m)
    out = []
    for k in range(3):
        mk = [row[:] for row in m]
        for i in range(3):
            mk[i][k] = y[i]
        out.append(det(mk) / d)
    return out


def main():
    ecg = {"boys": {}, "girls": {}}
    for line in TABLE.splitlines():
        v = [int(x) for x in line.split()]
        age = v[0]
        for sex, coef, eer in (("boys", BOYS, v[1:4]), ("girls", GIRLS, v[4:7])):
            m = [[c[2], c[3], 1.0] for c in coef]
            y = [eer[i] - coef[i][0] - coef[i][1] * age for i in range(3)]
            height, weight, growth = solve(m, y)
            ecg[sex][age] = growth
            print(f"{sex:5} {age:2}: height {height:5.1f} cm, weight {weight:4.1f} kg, ECG {growth:5.1f}")
    ok = True
    for sex in ("boys", "girls"):
        for (lo, hi), used in zip(BANDS, USED[sex]):
            vals = [ecg[sex][a] for a in range(lo, hi + 1)]
            mean = sum(vals) / len(vals)
            off = abs(mean - used) > 2.0
            ok &= not off
            print(f"{sex} {lo}-{hi}: solved mean {mean:.1f} kcal, used {used}{'  OFF' if off else ''}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
