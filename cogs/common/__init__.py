"""What every game's Discord side shares: the table commands, the moderators' group, posting
segments of a game, delivery, notifications and the component plumbing."""
