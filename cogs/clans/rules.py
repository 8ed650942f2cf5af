"""Short rule summaries for `/clans rules` and `/clans help`, citing the rule ids."""

from __future__ import annotations

from bot.i18n import N_, _, cmd

# Topic ids (the command's choices) to summaries, translated where shown.
RULE_TOPICS = {
    "goal": N_("**Clans** (C-2, C-6): five clans share the map; each player secretly leads one "
               "(C-2.3). Score with your clan's villages and the village chips you take; the "
               "highest total wins, ties go to more chips (C-6.3)."),
    "moves": N_("**Moves** (C-3): move all huts of a territory onto a neighbouring territory "
                "that holds huts (C-3.1). A group of 7 or more cannot leave (C-3.2), except "
                "onto a neighbouring group of 7 or more that is at least as large (C-3.3). "
                "Lakes cut borders, rivers do not (C-1.2)."),
    "villages": N_("**Villages** (C-4): a territory with huts and no neighbour holding huts "
                   "becomes a village (C-4.1). The mover takes a chip; if all 5 colours are "
                   "there, lone huts die (strife, C-4.3); every colour present scores the value "
                   "(C-4.4, C-4.5). Several at once: the mover orders them (C-4.7)."),
    "epochs": N_("**Epochs** (C-5): I forest +1 / mountain 0; II mountain +2 / grassland 0; III "
                 "steppe +3 / forest 0; IV grassland +4 / steppe 0; V every terrain +5. "
                 "Unfavourable terrain destroys the village's huts (C-4.4)."),
    "end": N_("**The end** (C-6): after the 12th village (always +5, C-4.8) or when no move is "
              "left. Colours are revealed; total = clan points + 1 per chip (C-6.2)."),
    "secrets": N_("**Secrets** (C-7): your clan's colour is yours alone until the end; the bot "
                  "never shows it in the channel, the board image, a log or a record."),
}


def help_text() -> str:
    territory = _("territory")
    return "\n".join([
        "🛖 " + _("**Clans in Discord**"),
        _("{new} opens a table (2 to 4 players); press **Join** and **Start**; {addbot} "
          "adds computer players. {me} shows your secret clan.", new=cmd("clans new"),
          addbot=cmd("clans addbot"), me=cmd("clans me")),
        _("On your turn use the buttons under the prompt (region, territory, neighbour) or "
          "type {move}.", move=cmd(f"clans move from:<{territory}> to:<{territory}>")),
        _("{board} shows the board, {status} what the game waits for, {rules} the "
          "rules in short; {export} gives the record after the end.",
          board=cmd("clans board"), status=cmd("clans status"), rules=cmd("clans rules"),
          export=cmd("clans export")),
    ])
