"""What a member's change means across the league's domains (a merge of duplicates)."""
