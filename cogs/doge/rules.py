"""Short rule summaries for `/doge rules` and `/doge help`, citing the rule ids. The topic
texts are marked for the catalog here and translated where they are shown."""

from __future__ import annotations

from bot.i18n import N_, _, cmd

RULE_TOPICS = {
    "year": N_("**A year** (D-2): placement, then an election in each of the 7 areas in the "
               "voting order. At the end of the year everyone takes back markers and cards; "
               "houses, palaces and advisors stay (D-2.2)."),
    "placement": N_("**Placement** (D-3): 4 rounds with 3 players, 3 with 4 (D-3.1). Each round "
                    "you secretly pick an area whose card you have not used this year and 1 to "
                    "4 of your markers (values 0,1,1,2,2,3,3); a lone 0 is a legal bluff "
                    "(D-3.2). You may change your choice until everyone has chosen; then areas "
                    "and marker counts are revealed, values stay hidden (D-3.3)."),
    "voting": N_("**Elections** (D-4): areas vote in the face-up order; after each, next year's "
                 "next card turns (D-4.1). Votes = your marker values there + 1 per advisor you "
                 "control standing there (D-4.2). Only players with 1+ vote take part (D-4.3). "
                 "Tied winners: no runner-up (D-4.4). Nobody votes: nothing happens (D-4.6)."),
    "advisors": N_("**Advisors** (D-5): taking control puts your ring on it (another's returns) "
                   "and you stand it at once in any area but its home (D-5.1, D-5.3). With no "
                   "ring left you must abstain (D-5.2). Abstaining makes it neutral and allows a "
                   "house move (D-5.4)."),
    "districts": N_("**District elections** (D-6): the winner takes the advisor or abstains "
                    "(moving one house into or out of the district), then may place up to 2 "
                    "houses; the runner-up (each tied runner-up) may place 1 (D-6.1 to D-6.3). "
                    "Tied winners: the advisor becomes neutral, each may place 2 (D-6.4)."),
    "quarantia": N_("**Quarantia** (D-7): its 3 advisors become neutral; the winner takes one "
                    "(stands it in a district) or abstains with a house move, then the "
                    "runner-up, then the winner again (D-7.1). Tied runners-up each may move a "
                    "house (D-7.3); tied winners each may move up to 2 (D-7.5). No houses are "
                    "placed (D-7.6)."),
    "palaces": N_("**Palaces** (D-8): only right after a house of yours arrived in a district, "
                  "there (D-8.1). The cost is the next space: 3, 4, 5, 6, 7 houses, returned "
                  "to your supply (D-8.2). One palace per house that arrived in that step "
                  "(D-8.4). Tied players build together at the same cost (D-8.5)."),
    "end": N_("**The end** (D-9): checked at the end of a year. You qualify with a palace in all "
              "6 districts, 7 palaces in 5 districts, or 8 in 4 (D-9.1). Among qualifiers: most "
              "palaces, then most houses on the board; still tied, the win is shared (D-9.2). "
              "After 5 years running without a new palace (the table may set 2 to 20, or "
              "none) the game ends in a stalemate: everyone is ranked by palaces, then houses, "
              "unless someone qualifies that year (D-9.4)."),
    "board": N_("**Reading the board**: the number on an area's emblem is its place in this "
                "year's voting order (✓: it has voted). A district shows its palaces on the "
                "spaces 3 to 7 (the first free space is what the next palace costs, D-8.2), "
                "its houses and advisors by player, and the stacks placed there: ×3 is three "
                "markers whose values stay hidden until the area votes (D-3.3), then they read "
                "like 2+1. A player's card shows their supply (houses, palaces, rings, "
                "markers), their 7 area cards (the number: their palaces in that district; "
                "greyed and struck through: used this year, D-3.3) and how near each way to "
                "win they are: 6 in 6, 7 in 5, 8 in 4 (D-9.1)."),
    "secrets": N_("**Secrets** (D-10): your card and markers before the reveal, and the values "
                  "in every stack until its election, are yours alone; the bot never shows them "
                  "in the channel, the board image or a record of a running game."),
}


def _ballot_example() -> str:
    """'/doge ballot area:<area> markers:3 2', option names and the area word translated."""
    return cmd("doge ballot area:<area> markers:3 2").replace("<area>", "<" + _("area") + ">")


def help_text() -> str:
    return "\n".join([
        _("🎭 **Doge in Discord**"),
        _("{new} opens a table here; players press **Join**, pick a colour, and press "
          "**Start** (3 or 4 players; {addbot} fills seats with computer players).",
          new=cmd('doge new'), addbot=cmd('doge addbot')),
        _("Each placement round press **Cast ballot** for your private panel, or type "
          "{ballot}.", ballot=_ballot_example()),
        _("When an election asks you something, the buttons under the prompt are yours; the "
          "highlighted one is what happens at the deadline."),
        _("Away for a while? {away} pauses your clocks, {back} ends it; {orders} says what "
          "to do for you at a missed deadline; {notify} how you are reminded; the table's "
          "creator sets the clocks with {settings}.",
          away=cmd('doge away'), back=cmd('doge back'),
          orders=cmd('doge orders'), notify=cmd('doge notify'),
          settings=cmd('doge settings')),
        _("To win: at a year's end, palaces in all six districts, or 7 palaces in 5 "
          "districts, or 8 in 4 (D-9.1); {rules} tells more.",
          rules=cmd('doge rules')),
        # The channel's small grey hash lines (bot/games/doge/sealing.py): what they
        # prove and how to check them, as the README tells it.
        _("The small grey 🔒 line above a round's reveal seals its hidden stacks with one "
          "sha256 hash; {verify} lists the stacks it seals, with the exact text of each one "
          "🔓 opened once its area has voted, and checks every hash (anyone can redo it, "
          "e.g. with {tool}). After the end, {export} gives the record with every seal.",
          verify=cmd('doge verify'), tool="`sha256sum`", export=cmd('doge export')),
        _("{me} your secret markers · {status} who the game waits for · {board} the board · "
          "{rules} summaries · {export} the record after the end.",
          me=cmd('doge me'), status=cmd('doge status'),
          board=cmd('doge board'), rules=cmd('doge rules'),
          export=cmd('doge export')),
    ])
