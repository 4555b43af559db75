"""The Seeds of Disaster before the war: Peace to Armed Belligerence (3.0-7.0, 21.x)."""
