"""scorepad.ui.views"""
