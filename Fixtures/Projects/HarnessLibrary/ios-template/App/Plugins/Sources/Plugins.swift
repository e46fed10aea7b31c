public enum Plugins {}
