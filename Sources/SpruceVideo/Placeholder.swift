import Spruce
