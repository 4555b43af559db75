"""The Seeds of Disaster (Four Roads to Paris): from the 1934 arms race to the 1940 campaign."""
