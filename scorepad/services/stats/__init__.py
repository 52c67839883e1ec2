"""Figures derived from the stored deals, never stored twice (`statistics`). The top
layer, beside `exchange`: may import every package of services but `exchange`."""
