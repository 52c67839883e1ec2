"""scorepad.ui.components"""
